import type { HandleType, NodeKind, PrimitiveLevel, TemplateKey, UtilityKind } from '@cinegraph/contracts';

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
  /** A workflow node's files in template-files/<key>/ (workflow.json, workflow_api.json): its handles. */
  workflow?: TemplateKey;
}

/** A file shipped in template-files/<key>/ (an image or a voice), used as an input value. */
export interface TemplateFile {
  templateFile: string;
}

const file = (name: string): TemplateFile => ({ templateFile: name });

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
    input('resolution', 'Resolution', 'movie', 'vector2', 1, [1280, 704]),
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
      workflow: 'text-to-video',
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
    ['prompt', 'enhanced_prompt', 'video', 'input-1'],
    ['reference', 'output', 'video', 'input-2'],
    ['resolution', 'output', 'video', 'input-3'],
    ['video', 'output-14', 'download', 'media'],
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
  characters: [{ name: 'Mara', values: { reference: file('mara.png') } }],
};

const lipSync: TemplateGraph = {
  nodes: [
    input('portrait', 'Portrait', 'movie', 'image', 0, file('ana.png')),
    input('voice', 'Voice', 'shot', 'audio', 1),
    input('dialogue', 'Dialogue', 'shot', 'text', 2),
    {
      key: 'lipsync',
      name: 'Lip Sync',
      type: 'workflow',
      level: 'editor',
      at: [COLUMN[1], 0.75 * ROW],
      workflow: 'lip-sync',
    },
    utility('download', 'Download', 'download', [COLUMN[2] + 80, 0.75 * ROW]),
  ],
  edges: [
    ['portrait', 'output', 'lipsync', 'input-1'],
    ['voice', 'output', 'lipsync', 'input-2'],
    ['dialogue', 'output', 'lipsync', 'input-3'],
    ['lipsync', 'output-17', 'download', 'media'],
  ],
  scenes: [
    {
      title: 'Interview',
      values: {},
      shots: [
        {
          description: 'Ana greets the audience.',
          values: { voice: file('voice.mp3'), dialogue: 'Hello, and welcome to my studio.' },
        },
      ],
    },
  ],
  characters: [],
};

/**
 * The graphs the template movies ship with. Workflow handles come from the shipped workflow files: a
 * Cinegraph input node with id N gives the handle `input-N`, the output node `output-N`.
 */
export const TEMPLATE_GRAPHS: Record<TemplateKey, TemplateGraph> = {
  'text-to-video': textToVideo,
  'lip-sync': lipSync,
};
