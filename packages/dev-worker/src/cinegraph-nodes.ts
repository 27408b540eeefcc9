import type { InputSpec, ObjectInfo } from './node-catalog';
import { defineNode as define } from './node-definition';

const text = (fallback = ''): InputSpec => ['STRING', { default: fallback, multiline: false }];
const tooltip = { tooltip: text() };

function cinegraphInput(kind: string, value: InputSpec, output: string[], outputNames?: string[]) {
  return define(`CinegraphInput${kind}`, {
    display: `Cinegraph Input ${kind}`,
    category: 'cinegraph/inputs',
    required: { name: text(kind.toLowerCase()), default: value },
    optional: tooltip,
    output,
    outputNames,
  });
}

/** Cinegraph's node pack (inputs, the bypass switch, the output) plus VHS_VideoCombine, which studios use. */
export const CINEGRAPH_NODES: ObjectInfo = {
  CinegraphInputText: cinegraphInput('Text', ['STRING', { default: '', multiline: true }], ['STRING']),
  CinegraphInputNumber: cinegraphInput(
    'Number',
    ['FLOAT', { default: 0, min: -1e15, max: 1e15, step: 0.01 }],
    ['FLOAT', 'INT'],
  ),
  // A vector2 value is `[width, height]`, or text such as '1024x576' / '1024,576'.
  CinegraphInputVector2: cinegraphInput('Vector2', text('512,512'), ['INT', 'INT'], ['width', 'height']),
  CinegraphInputImage: cinegraphInput('Image', text(), ['IMAGE', 'MASK']),
  CinegraphInputVideo: cinegraphInput('Video', text(), ['VIDEO', 'IMAGE']),
  CinegraphInputAudio: cinegraphInput('Audio', text(), ['AUDIO']),
  CinegraphInputLora: define('CinegraphInputLora', {
    display: 'Cinegraph Input Lora',
    category: 'cinegraph/inputs',
    // The value is a LoRA name/URL or the studio's `{keyword, url, strength}`; strength may come apart.
    // Required, as the pack declares it (lora.py): ComfyUI refuses a prompt without it.
    required: {
      name: text('lora'),
      default: text(),
      strength: ['FLOAT', { default: 1, min: 0, max: 2, step: 0.01 }],
    },
    optional: {
      model: ['MODEL', {}],
      clip: ['CLIP', {}],
      ...tooltip,
    },
    output: ['MODEL', 'CLIP', 'STRING'],
    outputNames: ['MODEL', 'CLIP', 'keyword'],
  }),
  CinegraphBypass: define('CinegraphBypass', {
    display: 'Cinegraph Bypass',
    category: 'cinegraph/control',
    required: { name: text('bypass'), default: ['BOOLEAN', { default: false }] },
    optional: { input: ['*', {}], ...tooltip },
    output: ['*'],
  }),
  CinegraphOutput: define('CinegraphOutput', {
    display: 'Cinegraph Output',
    category: 'cinegraph/outputs',
    required: { name: text('output') },
    optional: {
      images: ['IMAGE', {}],
      video: ['VIDEO', {}],
      audio: ['AUDIO', {}],
      filename_prefix: text('cinegraph/output'),
    },
    outputNode: true,
  }),
  VHS_VideoCombine: define('VHS_VideoCombine', {
    display: 'Video Combine 🎥🅥🅗🅢',
    category: 'Video Helper Suite 🎥🅥🅗🅢',
    required: {
      images: ['IMAGE', {}],
      frame_rate: ['FLOAT', { default: 8, min: 1, step: 1 }],
      loop_count: ['INT', { default: 0, min: 0, max: 100, step: 1 }],
      filename_prefix: text('AnimateDiff'),
      format: [['image/gif', 'image/webp', 'video/webm', 'video/h264-mp4'], {}],
      pingpong: ['BOOLEAN', { default: false }],
      save_output: ['BOOLEAN', { default: true }],
    },
    optional: { audio: ['AUDIO', {}], vae: ['VAE', {}] },
    output: ['VHS_FILENAMES'],
    outputNames: ['Filenames'],
    outputNode: true,
    module: 'custom_nodes.ComfyUI-VideoHelperSuite',
  }),
};
