import { describe, expect, it, vi } from 'vitest';
import { createMovieWithFallback, pickStarterTemplate, pickTemplate } from './createMovie';

describe('pickStarterTemplate', () => {
  it('takes the text-to-video template wherever it is listed', () => {
    const templates = [
      { _id: 'a', title: 'Lip-sync example' },
      { _id: 'b', title: 'Text to Video example' },
    ];
    expect(pickStarterTemplate(templates)?._id).toBe('b');
  });

  it('takes the first template when none is named text-to-video', () => {
    expect(pickStarterTemplate([{ _id: 'x', title: 'Starter' }])?._id).toBe('x');
  });

  it('finds nothing in an empty list', () => {
    expect(pickStarterTemplate([])).toBeUndefined();
  });
});

describe('pickTemplate', () => {
  it('finds the lip-sync template by its title, and no starter in its place', () => {
    const templates = [
      { _id: 't', title: 'Text to Video Example' },
      { _id: 'l', title: 'Lip Sync Example' },
    ];
    expect(pickTemplate(templates, 'lip-sync')?._id).toBe('l');
    expect(pickTemplate([templates[0]!], 'lip-sync')).toBeUndefined();
  });
});

describe('createMovieWithFallback', () => {
  it('uses the template copy and does not create a blank movie when the copy succeeds', async () => {
    const blank = vi.fn(async () => 'blank');
    await expect(createMovieWithFallback({ fromTemplate: async () => 'copy', blank })).resolves.toBe('copy');
    expect(blank).not.toHaveBeenCalled();
  });

  it('creates a blank movie when the template copy fails', async () => {
    const fromTemplate = async () => Promise.reject(new Error('no template'));
    await expect(createMovieWithFallback({ fromTemplate, blank: async () => 'blank' })).resolves.toBe(
      'blank',
    );
  });

  it('rejects when both the copy and the blank movie fail', async () => {
    const fail = async () => Promise.reject(new Error('down'));
    await expect(createMovieWithFallback({ fromTemplate: fail, blank: fail })).rejects.toThrow('down');
  });
});
