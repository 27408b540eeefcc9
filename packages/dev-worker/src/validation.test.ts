import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevWorker, type DevWorker } from './dev-worker';
import { postJson } from './test-support';

let worker: DevWorker;
beforeAll(async () => {
  worker = await startDevWorker({ port: 0, stepMs: 5 });
});
afterAll(() => worker.close());

const submit = (prompt: unknown) => postJson(worker.url, '/prompt', { prompt, client_id: 'validation' });

// The expected bodies are the answers recorded from ComfyUI 0.8.0 (fixtures/comfyui-protocol/exchanges-0.8.0.md).
describe('POST /prompt validation, in ComfyUI 0.8.0 shapes', () => {
  it('refuses a missing required input, listing the dependent output', async () => {
    const answer = await submit({
      '1': { class_type: 'EmptyImage', inputs: { width: 32, height: 16, batch_size: 1 } },
      '2': { class_type: 'ImageInvert', inputs: {} },
      '3': { class_type: 'SaveImage', inputs: { images: ['2', 0], filename_prefix: 'x' } },
    });
    expect(answer.status).toBe(400);
    expect(answer.contentType).toBe('application/json; charset=utf-8');
    expect(answer.body).toEqual({
      error: {
        type: 'prompt_outputs_failed_validation',
        message: 'Prompt outputs failed validation',
        details: '',
        extra_info: {},
      },
      node_errors: {
        '2': {
          errors: [
            {
              type: 'required_input_missing',
              message: 'Required input is missing',
              details: 'image',
              extra_info: { input_name: 'image' },
            },
          ],
          dependent_outputs: ['3'],
          class_type: 'ImageInvert',
        },
      },
    });
  });

  it('refuses an unknown class_type', async () => {
    const answer = await submit({ '1': { class_type: 'NoSuchNode', inputs: {} } });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      error: {
        type: 'invalid_prompt',
        message: 'Cannot execute because node NoSuchNode does not exist.',
        details: "Node ID '#1'",
        extra_info: {},
      },
      node_errors: {},
    });
  });

  it('refuses a prompt without an output node', async () => {
    const answer = await submit({
      '1': { class_type: 'EmptyImage', inputs: { width: 32, height: 16, batch_size: 1, color: 0 } },
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      error: { type: 'prompt_no_outputs', message: 'Prompt has no outputs', details: '', extra_info: {} },
      node_errors: {},
    });
  });

  it('refuses a value over the maximum with the input config', async () => {
    const answer = await submit({
      '1': { class_type: 'EmptyImage', inputs: { width: 999999, height: 16, batch_size: 1, color: 0 } },
      '2': { class_type: 'SaveImage', inputs: { images: ['1', 0], filename_prefix: 'x' } },
    });
    expect(answer.status).toBe(400);
    expect(answer.body!.node_errors).toEqual({
      '1': {
        errors: [
          {
            type: 'value_bigger_than_max',
            message: 'Value 999999 bigger than max of 16384',
            details: 'width',
            extra_info: {
              input_name: 'width',
              input_config: ['INT', { default: 512, min: 1, max: 16384, step: 1 }],
              received_value: 999999,
            },
          },
        ],
        dependent_outputs: ['2'],
        class_type: 'EmptyImage',
      },
    });
  });

  it('refuses LoadImage of a file that was never uploaded', async () => {
    const answer = await submit({
      '1': { class_type: 'LoadImage', inputs: { image: 'does_not_exist.png' } },
      '2': { class_type: 'SaveImage', inputs: { images: ['1', 0], filename_prefix: 'x' } },
    });
    expect(answer.status).toBe(400);
    expect(answer.body!.node_errors).toEqual({
      '1': {
        errors: [
          {
            type: 'custom_validation_failed',
            message: 'Custom validation failed for node',
            details: 'image - Invalid image file: does_not_exist.png',
            extra_info: { input_name: 'image' },
          },
        ],
        dependent_outputs: ['2'],
        class_type: 'LoadImage',
      },
    });
  });

  it('refuses a body without prompt, and answers a non-JSON body with 500 as aiohttp does', async () => {
    const answer = await postJson(worker.url, '/prompt', { client_id: 'validation' });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      error: {
        type: 'no_prompt',
        message: 'No prompt provided',
        details: 'No prompt provided',
        extra_info: {},
      },
      node_errors: {},
    });
    const broken = await fetch(`${worker.url}/prompt`, { method: 'POST', body: 'not json' });
    expect(broken.status).toBe(500);
    expect(await broken.text()).toBe('500 Internal Server Error\n\nServer got itself in trouble');
  });

  it('refuses a link to a missing node as the KeyError ComfyUI raises', async () => {
    const answer = await submit({
      '2': { class_type: 'SaveImage', inputs: { images: ['9', 0], filename_prefix: 'x' } },
    });
    expect(answer.status).toBe(400);
    expect(answer.body!.error).toMatchObject({ type: 'prompt_outputs_failed_validation' });
    expect(answer.body!.node_errors).toEqual({
      '2': {
        errors: [
          {
            type: 'exception_during_validation',
            message: 'Exception when validating node',
            details: "'9'",
            extra_info: { exception_type: 'KeyError', traceback: [] },
          },
        ],
        dependent_outputs: ['2'],
        class_type: 'SaveImage',
      },
    });
  });

  it('refuses a link whose type does not match the input', async () => {
    const answer = await submit({
      '1': { class_type: 'CheckpointLoaderSimple', inputs: { ckpt_name: 'a.safetensors' } },
      '2': { class_type: 'SaveImage', inputs: { images: ['1', 0], filename_prefix: 'x' } },
    });
    expect(answer.status).toBe(400);
    const errors = (
      answer.body!.node_errors as Record<string, { errors: Array<{ type: string; details: string }> }>
    )['2']!.errors;
    expect(errors[0]).toMatchObject({
      type: 'return_type_mismatch',
      details: 'images, received_type(MODEL) mismatch input_type(IMAGE)',
    });
  });

  it('uses up a prompt number on a refused prompt, as ComfyUI does', async () => {
    const valid = {
      '1': { class_type: 'EmptyImage', inputs: { width: 8, height: 8, batch_size: 1, color: 0 } },
      '2': { class_type: 'SaveImage', inputs: { images: ['1', 0], filename_prefix: 'n' } },
    };
    const first = (await submit(valid)).body!.number as number;
    expect((await submit({ '1': { class_type: 'NoSuchNode', inputs: {} } })).status).toBe(400);
    expect((await submit(valid)).body!.number).toBe(first + 2);
  });

  it('accepts a Cinegraph workflow and runs only its valid outputs, reporting the others', async () => {
    const answer = await submit({
      '1': { class_type: 'CinegraphInputText', inputs: { name: 'prompt', default: 'a castle' } },
      '2': { class_type: 'EmptyImage', inputs: { width: 64, height: 64, batch_size: 1, color: 0 } },
      '3': { class_type: 'CinegraphOutput', inputs: { name: 'still', images: ['2', 0] } },
      '4': { class_type: 'SaveImage', inputs: { filename_prefix: 'x' } },
    });
    expect(answer.status).toBe(200);
    expect(Object.keys(answer.body!.node_errors as object)).toEqual(['4']);
  });
});
