import type { HandleType, NodeKind, PrimitiveLevel, TemplateKey, UtilityKind } from '@cinegraph/contracts';
import type { StoredHandle } from '../../db/schema';

/** One node of a template graph, named by a key that edges and item values refer to. */
export interface TemplateNode {
  key: string;
  name: string;
  type: NodeKind;
  level: PrimitiveLevel | 'editor';
  at: [number, number];
  /** A primitive's value type. */
  valueType?: HandleType;
  value?: unknown;
  utility?: UtilityKind;
  inputs?: StoredHandle[];
  outputs?: StoredHandle[];
}

export interface TemplateGraph {
  nodes: TemplateNode[];
  /** [source key, output handle id, target key, input handle id] */
  edges: [string, string, string, string][];
  scenes: {
    title: string;
    values: Record<string, unknown>;
    shots: { description: string; values: Record<string, unknown> }[];
  }[];
  characters: { name: string; values: Record<string, unknown> }[];
}

// Columns left to right: inputs, text joining, prompt, workflow, download; inputs stacked 160 px apart.
const COLUMN = [0, 340, 680, 1060, 1480] as const;
const ROW = 160;

function input(
  key: string,
  name: string,
  level: PrimitiveLevel,
  valueType: HandleType,
  row: number,
  value: unknown = '',
): TemplateNode {
  return { key, name, type: 'primitive', level, at: [COLUMN[0], row * ROW], valueType, value };
}

function utility(key: string, name: string, utility: UtilityKind, at: [number, number]): TemplateNode {
  return { key, name, type: 'utility', level: 'editor', at, utility };
}

const textToVideo: TemplateGraph = {
  nodes: [
    input('style', 'Style', 'movie', 'text', 0, 'cinematic, 35mm film, soft light'),
    input('resolution', 'Resolution', 'movie', 'vector2', 1, [1920, 1080]),
    input('location', 'Location', 'scene', 'text', 2),
    input('description', 'Description', 'shot', 'text', 3),
    input('camera', 'Camera Angle', 'shot', 'text', 4, 'Medium shot'),
    input('reference', 'Reference Image', 'character', 'image', 5),
    utility('join', 'Add Text', 'add_text', [COLUMN[1], 1.5 * ROW]),
    utility('prompt', 'Cinegraph Prompt', 'prompt', [COLUMN[2], 2 * ROW]),
    {
      key: 'video',
      name: 'Text to Video',
      type: 'workflow',
      level: 'editor',
      at: [COLUMN[3], 2 * ROW],
      inputs: [
        { id: 'prompt', name: 'Prompt', type: 'text' },
        { id: 'reference_image', name: 'Reference Image', type: 'image' },
        { id: 'resolution', name: 'Resolution', type: 'vector2' },
      ],
      outputs: [{ id: 'video', name: 'Video', type: 'video' }],
    },
    utility('download', 'Download', 'download', [COLUMN[4], 2 * ROW]),
  ],
  edges: [
    ['description', 'output', 'join', 'text_1'],
    ['style', 'output', 'join', 'text_2'],
    ['join', 'text', 'prompt', 'prompt'],
    ['camera', 'output', 'prompt', 'camera_angle'],
    ['location', 'output', 'prompt', 'extra_instructions_1'],
    ['reference', 'output', 'prompt', 'character_image'],
    ['prompt', 'enhanced_prompt', 'video', 'prompt'],
    ['reference', 'output', 'video', 'reference_image'],
    ['resolution', 'output', 'video', 'resolution'],
    ['video', 'video', 'download', 'media'],
  ],
  scenes: [
    {
      title: 'Harbour at Dawn',
      values: { location: 'An empty harbour at dawn, mist over the water' },
      shots: [
        {
          description: 'Mara walks along the pier, looking at the fishing boats.',
          values: { camera: 'Wide shot' },
        },
        {
          description: 'Close-up of Mara smiling as the sun rises behind her.',
          values: { camera: 'Close-up' },
        },
      ],
    },
  ],
  characters: [{ name: 'Mara', values: {} }],
};

const lipSync: TemplateGraph = {
  nodes: [
    input('portrait', 'Portrait', 'movie', 'image', 0),
    input('voice', 'Voice', 'shot', 'audio', 1),
    input('dialogue', 'Dialogue', 'shot', 'text', 2),
    {
      key: 'lipsync',
      name: 'Lip Sync',
      type: 'workflow',
      level: 'editor',
      at: [COLUMN[1], 0.75 * ROW],
      inputs: [
        { id: 'portrait', name: 'Portrait', type: 'image' },
        { id: 'voice', name: 'Voice', type: 'audio' },
        { id: 'dialogue', name: 'Dialogue', type: 'text' },
      ],
      outputs: [{ id: 'video', name: 'Video', type: 'video' }],
    },
    utility('download', 'Download', 'download', [COLUMN[2] + 80, 0.75 * ROW]),
  ],
  edges: [
    ['portrait', 'output', 'lipsync', 'portrait'],
    ['voice', 'output', 'lipsync', 'voice'],
    ['dialogue', 'output', 'lipsync', 'dialogue'],
    ['lipsync', 'video', 'download', 'media'],
  ],
  scenes: [],
  characters: [],
};

/** The graphs the template movies ship with; workflow handles are those the real workflows will have. */
export const TEMPLATE_GRAPHS: Record<TemplateKey, TemplateGraph> = {
  'text-to-video': textToVideo,
  'lip-sync': lipSync,
};
