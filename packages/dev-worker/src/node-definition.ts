import type { InputSpec, NodeDefinition } from './node-catalog';

/** A node class as its pack declares it in Python (INPUT_TYPES, RETURN_TYPES, ...). */
export interface NodeShape {
  display: string;
  category: string;
  required: Record<string, InputSpec>;
  optional?: Record<string, InputSpec>;
  /** Inputs the server fills itself (`prompt`, `extra_pnginfo`, `unique_id`). */
  hidden?: Record<string, string>;
  output?: string[];
  outputNames?: string[];
  outputNode?: boolean;
  description?: string;
  module?: string;
}

/**
 * The `/object_info` entry ComfyUI builds from a node class: the key order of `required`/`optional`
 * is the input order, which fixes how a UI workflow's `widgets_values` map to inputs.
 */
export function defineNode(name: string, shape: NodeShape): NodeDefinition {
  const output = shape.output ?? [];
  const optional = shape.optional ?? {};
  const input: NodeDefinition['input'] = { required: shape.required, optional };
  // ComfyUI 0.8.0 lists a hidden input as `[type]`, like the other inputs.
  if (shape.hidden) {
    input.hidden = Object.fromEntries(Object.entries(shape.hidden).map(([name, type]) => [name, [type]]));
  }
  return {
    input,
    input_order: { required: Object.keys(shape.required), optional: Object.keys(optional) },
    output,
    output_is_list: output.map(() => false),
    output_name: shape.outputNames ?? output,
    name,
    display_name: shape.display,
    description: shape.description ?? '',
    python_module: shape.module ?? 'custom_nodes.cinegraph',
    category: shape.category,
    output_node: shape.outputNode ?? false,
  };
}
