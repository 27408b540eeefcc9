import { describe, expect, it } from 'vitest';
import { RunPodJobSchema, runpodProgress, runpodState } from './runpod-protocol';

const job = (body: object) => RunPodJobSchema.parse({ id: 'job-1', ...body });

describe("RunPod's job statuses as the studio reads them", () => {
  it("waits while IN_QUEUE, runs while IN_PROGRESS (RUNNING on RunPod's job-states page)", () => {
    expect(runpodState(job({ status: 'RUNNING' }))).toEqual({ state: 'waiting', running: true });
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

  it('fails a COMPLETED job without images (worker-comfyui drops video and sound outputs), naming why', () => {
    const none = job({ status: 'COMPLETED', output: { status: 'success_no_images', images: [] } });
    expect(runpodState(none)).toEqual({
      state: 'failed',
      message: expect.stringMatching(
        /^The RunPod job finished without an image: worker-comfyui returns images only/,
      ),
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

describe('step progress a RunPod handler reports', () => {
  it("reads ComfyUI's {value, max} and {progress, max}, nothing else", () => {
    expect(runpodProgress({ value: 3, max: 20 })).toEqual({ value: 3, max: 20 });
    expect(runpodProgress({ progress: 5, max: 10, node: '3' })).toEqual({ value: 5, max: 10 });
    expect(runpodProgress('Queued in ComfyUI')).toBeNull();
    expect(runpodProgress({ value: 1, max: 0 })).toBeNull();
    expect(runpodProgress(null)).toBeNull();
  });

  it('keeps a status whose output is a progress_update text while it runs', () => {
    expect(runpodState(job({ status: 'IN_PROGRESS', output: 'step 3' }))).toEqual({
      state: 'waiting',
      running: true,
    });
  });
});
