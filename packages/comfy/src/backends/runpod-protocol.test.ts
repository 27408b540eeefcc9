import { describe, expect, it } from 'vitest';
import { RunPodJobSchema, runpodState } from './runpod-protocol';

const job = (body: object) => RunPodJobSchema.parse({ id: 'job-1', ...body });

describe("RunPod's job statuses as the studio reads them", () => {
  it('waits while IN_QUEUE, runs while IN_PROGRESS', () => {
    expect(runpodState(job({ status: 'IN_QUEUE' }))).toEqual({ state: 'waiting', running: false });
    expect(runpodState(job({ status: 'IN_PROGRESS', delayTime: 900 }))).toEqual({
      state: 'waiting',
      running: true,
    });
  });

  it("takes COMPLETED outputs (base64 or S3 URLs) and the endpoint's execution time", () => {
    const images = [
      { filename: 'a_00001_.png', type: 'base64', data: 'iVBORw0KGgo=' },
      { filename: 'b_00001_.png', type: 's3_url', data: 'https://bucket.example/b.png' },
    ];
    expect(runpodState(job({ status: 'COMPLETED', executionTime: 4567, output: { images } }))).toEqual({
      state: 'success',
      images,
      executionSeconds: 4.567,
    });
  });

  it("fails FAILED with worker-comfyui's error and details, and TIMED_OUT naming the timeout", () => {
    const failed = job({
      status: 'FAILED',
      error: 'Job processing failed',
      output: {
        details: ['Workflow execution error: Node Type: KSampler, Node ID: 3, Message: CUDA out of memory'],
      },
    });
    expect(runpodState(failed)).toEqual({
      state: 'failed',
      message:
        'Job processing failed: Workflow execution error: Node Type: KSampler, Node ID: 3, Message: CUDA out of memory',
    });
    expect(runpodState(job({ status: 'TIMED_OUT' }))).toEqual({
      state: 'failed',
      message: "The RunPod job ran past its endpoint's execution timeout.",
    });
  });

  it('reads CANCELLED as a cancel', () => {
    expect(runpodState(job({ status: 'CANCELLED' }))).toEqual({ state: 'cancelled' });
  });
});
