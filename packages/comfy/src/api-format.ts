import { WorkflowFormatError } from './errors';

/** A link in an API prompt: `[sourceNodeId, outputSlot]`. */
export type ApiLink = [string, number];

/** One node of the API ("prompt") format. */
export interface ApiNode {
  class_type: string;
  inputs: Record<string, unknown>;
  _meta?: { title?: string };
}

/** The API ("prompt") format that ComfyUI's `/prompt` executes: node id to node. */
export type ApiPrompt = Record<string, ApiNode>;

/** True for a value that an API prompt reads as a link to another node's output. */
export function isApiLink(value: unknown): value is ApiLink {
  return (
    Array.isArray(value) &&
    value.length === 2 &&
    (typeof value[0] === 'string' || typeof value[0] === 'number') &&
    typeof value[1] === 'number'
  );
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Validates an API prompt from untrusted data and returns a fresh copy (no shared objects).
 * Messages name the node: 'Node 12 has no class_type'.
 */
export function readApiPrompt(data: unknown): ApiPrompt {
  if (!isRecord(data)) throw new WorkflowFormatError('An API prompt must be an object of nodes');
  const ids = Object.keys(data);
  if (ids.length === 0) throw new WorkflowFormatError('The API prompt has no nodes');
  const prompt: ApiPrompt = Object.create(null) as ApiPrompt;
  for (const id of ids) {
    const node = data[id];
    if (!isRecord(node)) throw new WorkflowFormatError(`Node ${id} is not an object`);
    if (typeof node.class_type !== 'string' || node.class_type === '') {
      throw new WorkflowFormatError(`Node ${id} has no class_type`);
    }
    const inputs = node.inputs ?? {};
    if (!isRecord(inputs)) throw new WorkflowFormatError(`Node ${id} has inputs that are not an object`);
    const copy: ApiNode = { class_type: node.class_type, inputs: { ...inputs } };
    if (isRecord(node._meta) && typeof node._meta.title === 'string')
      copy._meta = { title: node._meta.title };
    prompt[id] = copy;
  }
  for (const id of ids) {
    for (const [input, value] of Object.entries(prompt[id]!.inputs)) {
      if (isApiLink(value) && !(String(value[0]) in prompt)) {
        throw new WorkflowFormatError(`Node ${id} input "${input}" links to missing node ${value[0]}`);
      }
    }
  }
  return prompt;
}
