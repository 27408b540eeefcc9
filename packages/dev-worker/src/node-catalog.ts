import { readFileSync } from 'node:fs';
import { CINEGRAPH_NODES } from './cinegraph-nodes';

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
const CORE_NODES = JSON.parse(
  readFileSync(new URL('./core-object-info.json', import.meta.url), 'utf8'),
) as ObjectInfo;

/**
 * The node classes this worker knows: ComfyUI core nodes used by common workflows, VHS_VideoCombine, the
 * Cinegraph node pack, and any `extra` definitions (later ones win). Every other class is refused.
 */
export function buildNodeCatalog(extra: ObjectInfo = {}): ObjectInfo {
  return { ...CORE_NODES, ...CINEGRAPH_NODES, ...extra };
}

/** The catalog as `/object_info` shows it: LoadImage lists the files in the input folder, as ComfyUI does. */
export function withInputFiles(catalog: ObjectInfo, inputFiles: string[]): ObjectInfo {
  const loadImage = catalog.LoadImage;
  const image = loadImage?.input.required?.image;
  if (!loadImage || !image) return catalog;
  const required = { ...loadImage.input.required, image: [inputFiles, image[1] ?? {}] as InputSpec };
  return { ...catalog, LoadImage: { ...loadImage, input: { ...loadImage.input, required } } };
}
