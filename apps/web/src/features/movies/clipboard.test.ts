import { describe, expect, it, vi } from 'vitest';
import { copyText } from './clipboard';

describe('copyText', () => {
  it('uses the clipboard API when it works', async () => {
    const legacyCopy = vi.fn(() => true);
    const writeText = vi.fn(async () => undefined);
    await expect(copyText('link', { writeText, legacyCopy })).resolves.toBe(true);
    expect(writeText).toHaveBeenCalledWith('link');
    expect(legacyCopy).not.toHaveBeenCalled();
  });

  it('falls back to the legacy copy when the clipboard API refuses', async () => {
    const legacyCopy = vi.fn(() => true);
    const writeText = async () => Promise.reject(new Error('NotAllowedError'));
    await expect(copyText('link', { writeText, legacyCopy })).resolves.toBe(true);
    expect(legacyCopy).toHaveBeenCalledWith('link');
  });

  it('falls back to the legacy copy when there is no clipboard API', async () => {
    await expect(copyText('link', { legacyCopy: () => true })).resolves.toBe(true);
  });

  it('reports failure when both routes fail', async () => {
    const legacyCopy = () => {
      throw new Error('no document');
    };
    await expect(copyText('link', { legacyCopy })).resolves.toBe(false);
    await expect(copyText('link', { legacyCopy: () => false })).resolves.toBe(false);
  });
});
