import { flattenWorkflow, type FlatNode } from './flat-graph';
import type { ParsedWorkflow } from './parse';
import { NodeMode } from './ui-format';

/** Editor-only nodes: they never reach the server. PrimitiveNode hands its value to the widgets it drives. */
export const VIRTUAL_NODES: ReadonlySet<string> = new Set([
  'Note',
  'MarkdownNote',
  'Reroute',
  'PrimitiveNode',
]);

/** The nodes of a flattened UI workflow that ComfyUI executes: not muted, bypassed, virtual or a subgraph shell. */
export function executedNodes(flat: Map<string, FlatNode>): FlatNode[] {
  return [...flat.values()].filter(
    (node) => !node.passthrough && !VIRTUAL_NODES.has(node.type) && node.mode === NodeMode.normal,
  );
}

/**
 * The node classes a worker must know to run the workflow, sorted: every `class_type` of an API prompt,
 * or the executed node types of a UI workflow (the ones its conversion will ask the worker's
 * definitions for).
 */
export function requiredNodeClasses(parsed: ParsedWorkflow): string[] {
  const types =
    parsed.format === 'api'
      ? Object.values(parsed.prompt).map((node) => node.class_type)
      : executedNodes(flattenWorkflow(parsed.workflow)).map((node) => node.type);
  return [...new Set(types)].sort();
}
