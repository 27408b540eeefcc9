import type { GenerateEstimate } from '@cinegraph/contracts';
import { describe, expect, it } from 'vitest';
import { confirmationMessage, estimateLines, formatDuration } from './estimateLines';

const estimate: GenerateEstimate = {
  jobs: 20,
  gpu_seconds_per_job: [
    { worker_kind: 'comfyui', median_seconds: 20, takes: 3 },
    { worker_kind: 'runpod', median_seconds: 40, takes: 2 },
  ],
  expected_gpu_seconds: 600,
  queue_ahead: 3,
  free_slots: 2,
  expected_wait_seconds: 40,
  gpu_hours_per_month: 1,
  gpu_seconds_left: 3430,
  storage_bytes_used: 1.5e9,
  storage_bytes_limit: 5e9,
  needs_confirmation: true,
};

describe('the generate dialog cost lines', () => {
  it('reads GPU and waiting time in seconds, minutes or hours', () => {
    expect([formatDuration(45), formatDuration(600), formatDuration(9000)]).toEqual([
      '45 s',
      '10 min',
      '2.5 h',
    ]);
  });

  it('shows jobs, GPU time per worker kind, wait, GPU time and storage left', () => {
    expect(estimateLines(estimate)).toEqual([
      ['Jobs', '20'],
      [
        'Expected GPU time',
        '10 min (a job takes 20 s on ComfyUI (3 takes), 40 s on RunPod serverless (2 takes))',
      ],
      ['Expected wait', '40 s (3 jobs ahead)'],
      ['GPU time left this month', '57 min of 1 h'],
      ['Storage', '1.5 GB of 5 GB used'],
    ]);
  });

  it('says "no history yet" and an unknown wait when nothing finished before', () => {
    const lines = estimateLines({
      ...estimate,
      gpu_seconds_per_job: [],
      expected_gpu_seconds: null,
      expected_wait_seconds: null,
    });
    expect(lines[1]).toEqual(['Expected GPU time', 'no history yet']);
    expect(lines[2]![1]).toMatch(/^unknown/);
  });

  it('asks with the expected and the remaining GPU time', () => {
    expect(confirmationMessage(estimate)).toBe(
      'These 20 jobs are expected to use 10 min of GPU time, more than 10% of the 57 min you have left this month.',
    );
  });
});
