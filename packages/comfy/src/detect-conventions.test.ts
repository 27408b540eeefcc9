import { describe, expect, it } from 'vitest';
import { detectHandles } from './detect';
import { MissingOutputError } from './errors';
import type { ObjectInfo } from './object-info';
import { parseWorkflow } from './parse';

const ui = (nodes: unknown[], links: unknown[] = []) => detectHandles(parseWorkflow({ nodes, links }));
const api = (prompt: Record<string, unknown>) => detectHandles(parseWorkflow(prompt));

const cinegraphUi = [
  { id: 1, type: 'CinegraphInputText', widgets_values: ['prompt', 'a fox', 'What to show'] },
  { id: 2, type: 'CinegraphInputNumber', widgets_values: ['strength', 0.5, ''] },
  { id: 3, type: 'CinegraphInputVector2', widgets_values: ['size', '1280,720', ''] },
  { id: 4, type: 'CinegraphInputImage', widgets_values: ['start frame', '', 'First frame'] },
  { id: 5, type: 'CinegraphInputVideo', widgets_values: ['motion', '', ''] },
  { id: 6, type: 'CinegraphInputAudio', widgets_values: ['voice', '', ''] },
  {
    id: 7,
    type: 'CinegraphInputLora',
    widgets_values: ['style', 'film.safetensors', 0.8, 'Look of the film'],
  },
  { id: 8, type: 'CinegraphBypass', widgets_values: ['upscale', true, 'Skip the upscaler'] },
  { id: 9, type: 'VHS_VideoCombine', widgets_values: { frame_rate: 24 } },
  {
    id: 10,
    type: 'CinegraphOutput',
    inputs: [{ name: 'video', type: 'VIDEO', link: 1 }],
    widgets_values: ['final cut'],
  },
  { id: 11, type: 'CreateVideo', outputs: [{ name: 'VIDEO', type: 'VIDEO', links: [1] }] },
];

describe('detectHandles conventions', () => {
  it("maps Cinegraph's input, control and output nodes to handles", () => {
    const handles = ui(cinegraphUi, [[1, 11, 0, 10, 0, 'VIDEO']]);
    expect(handles.inputs.map((h) => [h.id, h.name, h.type, h.input])).toEqual([
      ['input-1', 'prompt', 'text', 'default'],
      ['input-2', 'strength', 'number', 'default'],
      ['input-3', 'size', 'vector2', 'default'],
      ['input-4', 'start frame', 'image', 'default'],
      ['input-5', 'motion', 'video', 'default'],
      ['input-6', 'voice', 'audio', 'default'],
      ['input-7', 'style', 'lora', 'default'],
    ]);
    expect(handles.inputs[0]).toEqual({
      id: 'input-1',
      name: 'prompt',
      type: 'text',
      tooltip: 'What to show',
      node_id: '1',
      input: 'default',
      default: 'a fox',
      convention: 'cinegraph',
    });
    expect(handles.inputs[6]).toMatchObject({ tooltip: 'Look of the film', default: 'film.safetensors' });
    expect(handles.controls.map((h) => [h.id, h.name, h.tooltip])).toEqual([
      ['control-8', 'upscale', 'Skip the upscaler'],
    ]);
    // The Cinegraph output wins over the saving node, and is typed by what is connected to it.
    expect(handles.outputs).toEqual([
      {
        id: 'output-10',
        name: 'final cut',
        type: 'video',
        tooltip: '',
        node_id: '10',
        class_type: 'CinegraphOutput',
        convention: 'cinegraph',
      },
    ]);
  });

  it('reads the same handles from the API format', () => {
    const handles = api({
      '1': {
        class_type: 'CinegraphInputText',
        inputs: { name: 'prompt', default: 'a fox', tooltip: 'What to show' },
      },
      '4': { class_type: 'CinegraphInputImage', inputs: { name: 'start frame', default: '' } },
      '10': { class_type: 'CinegraphOutput', inputs: { name: 'stills', images: ['12', 0] } },
      '12': { class_type: 'VAEDecode', inputs: {} },
    });
    expect(handles.inputs.map((h) => [h.id, h.name, h.type, h.tooltip])).toEqual([
      ['input-1', 'prompt', 'text', 'What to show'],
      ['input-4', 'start frame', 'image', ''],
    ]);
    expect(handles.outputs.map((h) => [h.id, h.name, h.type])).toEqual([['output-10', 'stills', 'image']]);
  });

  it("reads widget values in the server's definition order when given", () => {
    const parsed = parseWorkflow({
      nodes: [
        { id: 1, type: 'ComfyUIDeployExternalText', widgets_values: ['Prompt', 'prompt', 'hello'] },
        { id: 2, type: 'SaveImage' },
      ],
      links: [],
    });
    const objectInfo = {
      ComfyUIDeployExternalText: {
        input: {
          required: { display_name: ['STRING', {}], input_id: ['STRING', {}], default_value: ['STRING', {}] },
        },
        input_order: { required: ['display_name', 'input_id', 'default_value'] },
      },
    } satisfies ObjectInfo;
    expect(detectHandles(parsed, { objectInfo }).inputs[0]).toMatchObject({
      name: 'Prompt',
      default: 'hello',
    });
  });

  it('ignores muted and bypassed input and output nodes', () => {
    const handles = ui([
      { id: 1, type: 'CinegraphInputText', mode: 2, widgets_values: ['muted', '', ''] },
      { id: 2, type: 'CinegraphInputText', mode: 4, widgets_values: ['bypassed', '', ''] },
      { id: 3, type: 'CinegraphInputText', mode: 0, widgets_values: ['live', '', ''] },
      { id: 4, type: 'CinegraphOutput', mode: 4, widgets_values: ['bypassed output'] },
      { id: 5, type: 'SaveAudioMP3', mode: 0, widgets_values: ['audio/ComfyUI', 'V0'] },
    ]);
    expect(handles.inputs.map((h) => h.name)).toEqual(['live']);
    expect(handles.outputs.map((h) => [h.id, h.type, h.convention])).toEqual([
      ['output-5', 'audio', 'comfyui'],
    ]);
  });

  it('reads ComfyDeploy outputs and media inputs with their URL default', () => {
    const handles = api({
      '5': {
        class_type: 'ComfyUIDeployExternalVideo',
        inputs: {
          input_id: 'clip',
          display_name: '',
          description: 'Reference clip',
          default_value_url: 'https://x/v.mp4',
        },
      },
      '9': { class_type: 'ComfyDeployOutputImage', inputs: { output_id: 'result', images: ['5', 0] } },
    });
    expect(handles.inputs).toEqual([
      {
        id: 'input-5',
        name: 'clip',
        type: 'video',
        tooltip: 'Reference clip',
        node_id: '5',
        input: 'input_id',
        default: 'https://x/v.mp4',
        convention: 'comfydeploy',
      },
    ]);
    expect(handles.outputs.map((h) => [h.name, h.type, h.convention])).toEqual([
      ['result', 'image', 'comfydeploy'],
    ]);
  });

  it('refuses a workflow without any output node, naming what to add', () => {
    expect(() => ui([{ id: 1, type: 'PreviewImage' }])).toThrow(MissingOutputError);
    expect(() => api({ '1': { class_type: 'PreviewImage', inputs: {} } })).toThrow(
      'The workflow has no output node: add a CinegraphOutput node (or a ComfyUI saving node such as SaveImage or SaveVideo)',
    );
  });
});
