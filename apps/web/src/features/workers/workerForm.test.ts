import { WORKER_MESSAGES } from '@cinegraph/contracts';
import { describe, expect, it } from 'vitest';
import { CAPACITY_MESSAGE, EMPTY_WORKER_DRAFT, parseCapacity, validateWorkerDraft } from './workerForm';

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
    const draft = { ...EMPTY_WORKER_DRAFT, url: ' http://GPU.local:8188/ ', label: ' Box ', capacity: '2' };
    expect(validateWorkerDraft(draft)).toEqual({
      ok: true,
      body: { url: 'http://gpu.local:8188', label: 'Box', capacity: 2, backend: 'comfyui', api_key: '' },
    });
  });

  it("sends a RunPod endpoint's API key, and no key for other kinds", () => {
    const runpod = {
      ...EMPTY_WORKER_DRAFT,
      url: 'https://api.runpod.ai/v2/abc123',
      backend: 'runpod' as const,
      apiKey: ' rp_key ',
    };
    expect(validateWorkerDraft(runpod)).toMatchObject({
      ok: true,
      body: { backend: 'runpod', api_key: 'rp_key' },
    });
    expect(validateWorkerDraft({ ...runpod, backend: 'comfyui-api' })).toMatchObject({
      ok: true,
      body: { backend: 'comfyui-api', api_key: '' },
    });
  });

  it('names the first problem', () => {
    expect(validateWorkerDraft({ ...EMPTY_WORKER_DRAFT, url: '' })).toEqual({
      ok: false,
      error: WORKER_MESSAGES.urlRequired,
    });
    expect(validateWorkerDraft({ ...EMPTY_WORKER_DRAFT, url: 'http://gpu:8188?x' })).toEqual({
      ok: false,
      error: WORKER_MESSAGES.urlQuery,
    });
    expect(validateWorkerDraft({ ...EMPTY_WORKER_DRAFT, url: 'http://gpu:8188', capacity: '40' })).toEqual({
      ok: false,
      error: CAPACITY_MESSAGE,
    });
  });
});
