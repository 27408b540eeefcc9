import type { EditorNode, Handle, PrimitiveLevel, UtilityKind } from '@cinegraph/contracts';
import type { DemoGraph } from './demoGraph';

/** The movie every demo node belongs to: none on the server, the demos never call it. */
const DEMO_MOVIE = 'tutorial';

type Example = Omit<EditorNode, '_id' | 'position' | 'movie_id' | 'hidden' | 'workflow' | 'upload_error'>;

function base(): Pick<EditorNode, 'movie_id' | 'hidden' | 'workflow' | 'upload_error'> {
  return { movie_id: DEMO_MOVIE, hidden: false, workflow: null, upload_error: null };
}

function input(level: PrimitiveLevel, name: string, type: Handle['type'], value: unknown): Example {
  return {
    name,
    type: 'primitive',
    level,
    value,
    // Wider than the studio's 180 px for scene, shot and character inputs, so the names read in full.
    width: 220,
    input_handles: [],
    output_handles: [{ id: 'output', name: 'output', type }],
    utility_kind: null,
  };
}

function workflow(name: string, inputs: Handle[], outputs: Handle[]): Example {
  return {
    name,
    type: 'workflow',
    level: 'editor',
    width: null,
    value: null,
    input_handles: inputs,
    output_handles: outputs,
    utility_kind: null,
  };
}

function utility(name: string, kind: UtilityKind, inputs: Handle[], outputs: Handle[], width = 220): Example {
  return {
    name,
    type: 'utility',
    level: 'editor',
    width,
    value: null,
    input_handles: inputs,
    output_handles: outputs,
    utility_kind: kind,
  };
}

const h = (id: string, name: string, type: Handle['type']): Handle => ({ id, name, type });

/** The examples the interactive editor offers, by the categories of the studio's node menu. */
export const NODE_EXAMPLES = {
  Input: {
    'Movie style': input('movie', 'Movie style', 'text', 'cinematic, 35 mm film, warm light'),
    Resolution: input('movie', 'Resolution', 'vector2', [720, 480]),
    'Scene location': input('scene', 'Scene location', 'text', 'a lighthouse on a cliff'),
    'Shot action': input('shot', 'Shot action', 'text', 'the keeper climbs the stairs at dawn'),
    'Shot length': input('shot', 'Shot length', 'number', 49),
    'Reference image': input('shot', 'Reference image', 'image', ''),
    'Character look': input('character', 'Character look', 'lora', {
      keyword: 'mara',
      url: '',
      strength: 0.8,
    }),
  },
  Workflow: {
    'Text to Image': workflow(
      'Text to Image',
      [h('prompt', 'Prompt', 'text'), h('resolution', 'Resolution', 'vector2'), h('style', 'Style', 'lora')],
      [h('image', 'Image', 'image')],
    ),
    'Image to Video': workflow(
      'Image to Video',
      [h('image', 'Image', 'image'), h('prompt', 'Prompt', 'text'), h('frames', 'Frames', 'number')],
      [h('video', 'Video', 'video')],
    ),
    'Text to Video': workflow(
      'Text to Video',
      [h('prompt', 'Prompt', 'text'), h('resolution', 'Resolution', 'vector2')],
      [h('video', 'Video', 'video')],
    ),
    'Lip Sync': workflow(
      'Lip Sync',
      [h('video', 'Video', 'video'), h('audio', 'Audio', 'audio')],
      [h('video', 'Video', 'video')],
    ),
  },
  Utility: {
    'Add Text': utility(
      'Add Text',
      'add_text',
      [h('text_1', 'Text 1', 'text'), h('text_2', 'Text 2', 'text')],
      [h('text', 'Text', 'text')],
    ),
    'Cinegraph Prompt': utility(
      'Cinegraph Prompt',
      'prompt',
      [
        h('prompt', 'Prompt', 'text'),
        h('camera_angle', 'Camera Angle', 'text'),
        h('extra_instructions_1', 'Extra Instructions #1', 'text'),
        h('character_image', 'Character Image', 'image'),
        h('location_image', 'Location Image', 'image'),
        h('concept_image', 'Concept Image', 'image'),
      ],
      [h('enhanced_prompt', 'Enhanced Prompt', 'text')],
      280,
    ),
    Download: utility('Download', 'download', [h('media', 'Media', 'any')], []),
  },
} as const satisfies Record<string, Record<string, Example>>;

export type ExampleCategory = keyof typeof NODE_EXAMPLES;
export const EXAMPLE_CATEGORIES = Object.keys(NODE_EXAMPLES) as ExampleCategory[];

export function examplesOf(category: ExampleCategory): string[] {
  return Object.keys(NODE_EXAMPLES[category]);
}

function exampleOf(category: ExampleCategory, name: string): Example {
  const example = (NODE_EXAMPLES[category] as Record<string, Example>)[name];
  if (!example) throw new Error(`No ${category} example "${name}"`);
  return example;
}

/** A node of an example, placed at `x, y`, with an id of its own. */
export function demoNode(
  category: ExampleCategory,
  name: string,
  id: string,
  x: number,
  y: number,
): EditorNode {
  const example = exampleOf(category, name);
  return { ...base(), ...structuredClone(example), _id: id, position: { x, y } };
}

/**
 * The graph with one more node of the example, below the lowest node so it never covers another.
 * Ids count up per example name, so a second pick is a second node.
 */
export function addExample(graph: DemoGraph, category: ExampleCategory, name: string): DemoGraph {
  const prefix = name.toLowerCase().replaceAll(' ', '-');
  let n = 1;
  while (graph.nodes.some((node) => node._id === `${prefix}-${n}`)) n += 1;
  const lowest = Math.max(0, ...graph.nodes.map((node) => node.position.y));
  const node = demoNode(category, name, `${prefix}-${n}`, 0, lowest + 160);
  return { ...graph, nodes: [...graph.nodes, node] };
}

const edge = (source: string, sourceHandle: string, target: string, targetHandle: string) => ({
  source_node_id: source,
  source_handle_id: sourceHandle,
  target_node_id: target,
  target_handle_id: targetHandle,
});

/**
 * The interactive editor's first graph: the movie style locked into Add Text, the rest for the reader
 * to wire (the shot's action into Add Text, the text and the 720x480 resolution into Text to Image, its
 * image into Image to Video).
 */
export function interactiveStartGraph(): DemoGraph {
  return {
    nodes: [
      demoNode('Input', 'Movie style', 'movie-style', 0, 0),
      demoNode('Input', 'Shot action', 'shot-action', 0, 180),
      demoNode('Input', 'Resolution', 'resolution', 0, 360),
      demoNode('Utility', 'Add Text', 'add-text', 260, 90),
      demoNode('Workflow', 'Text to Image', 'text-to-image', 530, 0),
      demoNode('Workflow', 'Image to Video', 'image-to-video', 530, 270),
    ],
    edges: [edge('movie-style', 'output', 'add-text', 'text_1')],
    locked: ['movie-style'],
  };
}

/** The node editor page's example: a prompt and a 1920x1080 resolution into a text-to-video workflow. */
export function nodeEditorExampleGraph(): DemoGraph {
  const resolution = { ...demoNode('Input', 'Resolution', 'resolution', 0, 200), value: [1920, 1080] };
  return {
    nodes: [
      demoNode('Input', 'Shot action', 'shot-action', 0, 0),
      resolution,
      demoNode('Workflow', 'Text to Video', 'text-to-video', 320, 60),
    ],
    edges: [
      edge('shot-action', 'output', 'text-to-video', 'prompt'),
      edge('resolution', 'output', 'text-to-video', 'resolution'),
    ],
    locked: [],
  };
}

/** A shot-level text input named `name`, empty until a shot fills it. */
function shotText(id: string, name: string, y: number): EditorNode {
  return { ...demoNode('Input', 'Shot action', id, 0, y), name, value: '' };
}

/** The inputs page's demo: the shot's camera angle and description, locked into Add Text, into a workflow. */
export function inputsDemoGraph(): DemoGraph {
  return {
    nodes: [
      shotText('camera-angle', 'Camera Angle', 0),
      shotText('description', 'Description', 190),
      demoNode('Utility', 'Add Text', 'add-text', 300, 80),
      demoNode('Workflow', 'Text to Video', 'text-to-video', 580, 60),
    ],
    edges: [
      edge('camera-angle', 'output', 'add-text', 'text_1'),
      edge('description', 'output', 'add-text', 'text_2'),
      edge('add-text', 'text', 'text-to-video', 'prompt'),
    ],
    locked: ['camera-angle', 'description'],
  };
}

/** The prompt node page's example: the Cinegraph Prompt node alone, its handles on show. */
export function promptNodeGraph(): DemoGraph {
  return {
    nodes: [demoNode('Utility', 'Cinegraph Prompt', 'cinegraph-prompt', 0, 0)],
    edges: [],
    locked: [],
  };
}
