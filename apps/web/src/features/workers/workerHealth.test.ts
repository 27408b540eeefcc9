import type { OwnWorker } from '@cinegraph/contracts';
import { describe, expect, it } from 'vitest';
import { timeAgo, workerHealth, workerLoad } from './workerHealth';

const NOW = Date.parse('2026-11-22T12:00:00Z');
const worker = (changes: Partial<OwnWorker>): OwnWorker => ({
  _id: 'w1',
  url: 'http://gpu.example:8188',
  label: 'GPU',
  capacity: 2,
  healthy: true,
  last_seen_at: '2026-11-22T11:59:50Z',
  last_error: null,
  comfyui_version: '0.8.0',
  backend: 'comfyui',
  queue_depth: null,
  cold_starts: null,
  api_key_ending: null,
  webhook: null,
  active_jobs: 0,
  created_at: '2026-11-20T10:00:00Z',
  ...changes,
});

describe('workerHealth', () => {
  it('reads healthy with the ComfyUI version and when it was checked', () => {
    expect(workerHealth(worker({}), NOW)).toEqual({
      tone: 'healthy',
      label: 'Healthy',
      detail: 'ComfyUI 0.8.0 · checked just now',
    });
  });

  it("reads a RunPod endpoint's queue depth and cold starts", () => {
    const endpoint = worker({
      backend: 'runpod',
      comfyui_version: null,
      queue_depth: 3,
      cold_starts: 1,
      api_key_ending: 'x9Qz',
    });
    expect(workerHealth(endpoint, NOW).detail).toBe(
      'RunPod serverless · key ending x9Qz · 3 queued · 1 cold start · checked just now',
    );
  });

  it('reads not answering with when it was last seen and the last error', () => {
    const down = worker({ healthy: false, last_seen_at: '2026-11-22T11:40:00Z', last_error: 'ECONNREFUSED' });
    expect(workerHealth(down, NOW)).toEqual({
      tone: 'down',
      label: 'Not answering',
      detail: 'Last seen 20 min ago. ECONNREFUSED',
    });
    expect(workerHealth(worker({ healthy: false, last_seen_at: null }), NOW).detail).toBe('Never seen.');
  });
});

describe('timeAgo', () => {
  it.each([
    ['2026-11-22T11:59:30Z', 'just now'],
    ['2026-11-22T11:58:00Z', '2 min ago'],
    ['2026-11-22T09:00:00Z', '3 h ago'],
    ['2026-11-18T12:00:00Z', '4 days ago'],
    ['2026-11-22T12:00:05Z', 'just now'],
  ])('%s reads %s', (iso, text) => {
    expect(timeAgo(iso, NOW)).toBe(text);
  });
});

describe('workerLoad', () => {
  it('says how many jobs run against the capacity', () => {
    expect(workerLoad({ capacity: 2, active_jobs: 0 })).toBe('2 at once · idle');
    expect(workerLoad({ capacity: 4, active_jobs: 3 })).toBe('4 at once · 3 of 4 busy');
  });
});
