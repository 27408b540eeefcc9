import { readFileSync } from 'node:fs';
import { CINEGRAPH_NODES } from './cinegraph-nodes';
import { COMPAT_NODES } from './compat-nodes';

/** One input spec of a node definition: `[type or list of choices, options]`, as ComfyUI lists it. */
export type InputSpec = [string | unknown[], Record<string, unknown>?];

/** A node class as `GET /object_info` describes it (only the fields the dev worker reads are typed). */
export interface NodeDefinition {
  input: {
    required?: Record<string, InputSpec>;
    optional?: Record<string, InputSpec>;
    hidden?: Record<string, unknown>;
  };
  input_order?: Record<string, string[]>;
  output: Array<string | unknown[]>;
  output_is_list: boolean[];
  output_name: string[];
  name: string;
  display_name: string;
  description: string;
  python_module: string;
  category: string;
  output_node: boolean;
  [extra: string]: unknown;
}

/** Node class name to definition: the answer of `GET /object_info`. */
export type ObjectInfo = Record<string, NodeDefinition>;

// The core nodes are copied from ComfyUI 0.8.0's own /object_info, so validation sees the real definitions.
const CORE_NODES = inDeclaredOrder(
  JSON.parse(readFileSync(new URL('./core-object-info.json', import.meta.url), 'utf8')) as ObjectInfo,
);

/**
 * The copy's keys are sorted; ComfyUI lists each node's inputs in the order the node declares them
 * (`input_order`), and its legacy frontend makes the widgets in that order, reading `widgets_values` by
 * position: in sorted order a KSampler's seed lands in cfg and the page fails to start.
 */
function inDeclaredOrder(info: ObjectInfo): ObjectInfo {
  for (const definition of Object.values(info)) {
    for (const group of ['required', 'optional'] as const) {
      const specs = definition.input[group];
      const order = definition.input_order?.[group];
      if (!specs || !order) continue;
      const ordered = order.filter((name) => Object.hasOwn(specs, name));
      const rest = Object.keys(specs).filter((name) => !ordered.includes(name));
      definition.input[group] = Object.fromEntries([...ordered, ...rest].map((name) => [name, specs[name]!]));
    }
  }
  return info;
}

/**
 * The node classes this worker knows: ComfyUI core nodes used by common workflows, VHS_VideoCombine, the
 * Cinegraph node pack, the input/output nodes of ComfyDeploy and comfy-pack (whose workflows Cinegraph
 * reads), and any `extra` definitions (later ones win). Every other class is refused.
 */
export function buildNodeCatalog(extra: ObjectInfo = {}): ObjectInfo {
  return { ...CORE_NODES, ...CINEGRAPH_NODES, ...COMPAT_NODES, ...extra };
}

const VIDEO_FILE = /\.(webm|mp4|mkv|gif)$/i;

/** The node inputs that list files of the input folder, as their packs do when asked for definitions. */
const INPUT_FILE_LISTS: Array<{
  node: string;
  group: 'required' | 'optional';
  input: string;
  videos?: true;
}> = [
  { node: 'LoadImage', group: 'required', input: 'image' },
  { node: 'CPackInputImage', group: 'required', input: 'image' },
  { node: 'ComfyUIDeployExternalVideo', group: 'optional', input: 'default_video', videos: true },
  { node: 'ComfyUIDeployExternalVid', group: 'optional', input: 'default_value', videos: true },
];

/** The catalog as `/object_info` shows it: file inputs list the files in the input folder, as ComfyUI does. */
export function withInputFiles(catalog: ObjectInfo, inputFiles: string[]): ObjectInfo {
  const result = { ...catalog };
  for (const { node, group, input, videos } of INPUT_FILE_LISTS) {
    const definition = result[node];
    const specs = definition?.input[group];
    const spec = specs?.[input];
    if (!definition || !specs || !spec) continue;
    const files = videos ? inputFiles.filter((name) => VIDEO_FILE.test(name)) : inputFiles;
    const listed: InputSpec = spec.length > 1 ? [files, spec[1] ?? {}] : [files];
    result[node] = { ...definition, input: { ...definition.input, [group]: { ...specs, [input]: listed } } };
  }
  return result;
}
