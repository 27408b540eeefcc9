import type { ApiPrompt } from './api-format';
import { FillPromptError } from './errors';

/** A value for one input of one node: a literal, or the file name of media uploaded to the worker. */
export interface PromptValue {
  node_id: string;
  input: string;
  value: string | number | boolean | null | readonly unknown[] | Record<string, unknown>;
}

const FORBIDDEN = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * Returns a copy of the API prompt with the given inputs set; the original is not changed. Refuses a node
 * id the prompt lacks, and an input the node does not have (so a typo cannot pass silently).
 */
export function fillPrompt(prompt: ApiPrompt, values: readonly PromptValue[]): ApiPrompt {
  const filled = structuredClone(prompt);
  for (const { node_id, input, value } of values) {
    const node = Object.hasOwn(filled, node_id) ? filled[node_id] : undefined;
    if (!node) throw new FillPromptError(`The workflow has no node ${node_id}`);
    if (FORBIDDEN.has(input) || !Object.hasOwn(node.inputs, input)) {
      throw new FillPromptError(`Node ${node_id} (${node.class_type}) has no input "${input}"`);
    }
    node.inputs[input] = structuredClone(value);
  }
  return filled;
}
