import { WORKER_MESSAGES } from '@cinegraph/contracts';
import { describe, expect, it } from 'vitest';
import { CAPACITY_MESSAGE, parseCapacity, validateWorkerDraft } from './workerForm';

describe('parseCapacity', () => {
  it.each([
    ['1', 1],
    [' 16 ', 16],
    ['0', null],
    ['17', null],
    ['2.5', null],
    ['', null],
    ['two', null],
  ])('%j is %j', (text, value) => {
    expect(parseCapacity(text)).toBe(value);
  });
});

describe('validateWorkerDraft', () => {
  it('sends the normalised address, the trimmed name and the capacity', () => {
    expect(validateWorkerDraft({ url: ' http://GPU.local:8188/ ', label: ' Box ', capacity: '2' })).toEqual({
      ok: true,
      body: { url: 'http://gpu.local:8188', label: 'Box', capacity: 2 },
    });
  });

  it('names the first problem', () => {
    expect(validateWorkerDraft({ url: '', label: '', capacity: '1' })).toEqual({
      ok: false,
      error: WORKER_MESSAGES.urlRequired,
    });
    expect(validateWorkerDraft({ url: 'http://gpu:8188?x', label: '', capacity: '1' })).toEqual({
      ok: false,
      error: WORKER_MESSAGES.urlQuery,
    });
    expect(validateWorkerDraft({ url: 'http://gpu:8188', label: '', capacity: '40' })).toEqual({
      ok: false,
      error: CAPACITY_MESSAGE,
    });
  });
});
