import type { z } from 'zod';
import { readApiPrompt, type ApiPrompt } from './api-format';
import { WorkflowFormatError } from './errors';
import { assertPlainJson, DEFAULT_MAX_WORKFLOW_BYTES, parseJsonSafely, utf8Length } from './safe-json';
import { UiWorkflowSchema, type UiWorkflow } from './ui-format';

/** A workflow read from a file: either ComfyUI format, told apart. */
export type ParsedWorkflow = { format: 'ui'; workflow: UiWorkflow } | { format: 'api'; prompt: ApiPrompt };

export interface ParseWorkflowOptions {
  /** Largest accepted size in bytes (of the text, or of the data serialised as JSON). */
  maxBytes?: number;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Reads a ComfyUI workflow from untrusted input (JSON text or already-parsed data): the UI format or the API
 * format, also inside common wrappers (`{prompt: ...}`, `{workflow: ...}`, ViewComfy's file). Throws a
 * `WorkflowFormatError` naming what is wrong.
 */
export function parseWorkflow(input: unknown, options: ParseWorkflowOptions = {}): ParsedWorkflow {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_WORKFLOW_BYTES;
  let data: unknown;
  if (typeof input === 'string') {
    data = parseJsonSafely(input, maxBytes);
  } else {
    assertPlainJson(input);
    const bytes = utf8Length(JSON.stringify(input) ?? '');
    if (bytes > maxBytes) {
      throw new WorkflowFormatError(`The workflow is too large: ${bytes} bytes (limit ${maxBytes})`);
    }
    data = input;
  }
  data = unwrap(data);
  if (isRecord(data) && Array.isArray(data.nodes)) return { format: 'ui', workflow: readUiWorkflow(data) };
  const looksLikeApi = (node: unknown) => isRecord(node) && ('class_type' in node || 'inputs' in node);
  if (isRecord(data) && Object.values(data).some(looksLikeApi)) {
    return { format: 'api', prompt: readApiPrompt(data) };
  }
  if (isRecord(data) && 'nodes' in data)
    throw new WorkflowFormatError('The workflow\'s "nodes" is not a list');
  throw new WorkflowFormatError(
    'Not a ComfyUI workflow: expected the UI format (nodes and links) or the API format (node ids with class_type and inputs)',
  );
}

/** Takes the workflow out of the wrappers other tools put around it. */
function unwrap(data: unknown): unknown {
  if (!isRecord(data)) return data;
  if (data.file_type === 'view_comfy' && Array.isArray(data.workflows)) {
    const first: unknown = data.workflows[0];
    if (!isRecord(first) || !isRecord(first.workflowApiJSON)) {
      throw new WorkflowFormatError('The ViewComfy file has no workflowApiJSON');
    }
    return first.workflowApiJSON;
  }
  if (!Array.isArray(data.nodes) && !('class_type' in data)) {
    if (isRecord(data.prompt) && !('class_type' in data.prompt)) return data.prompt;
    if (isRecord(data.workflow) && Array.isArray(data.workflow.nodes)) return data.workflow;
  }
  return data;
}

function readUiWorkflow(data: Record<string, unknown>): UiWorkflow {
  const result = UiWorkflowSchema.safeParse(data);
  if (!result.success) throw new WorkflowFormatError(describeIssue(data, result.error.issues[0]));
  const workflow = result.data;
  checkGraph('', workflow.nodes, workflow.links ?? []);
  for (const subgraph of workflow.definitions?.subgraphs ?? []) {
    checkGraph(`Subgraph ${subgraph.name ?? subgraph.id}: `, subgraph.nodes, subgraph.links ?? []);
  }
  return workflow;
}

/** Subgraph links start at -10 (the subgraph's inputs) and end at -20 (its outputs). */
const SUBGRAPH_IO_IDS = new Set(['-10', '-20']);

function checkGraph(
  where: string,
  nodes: UiWorkflow['nodes'],
  links: NonNullable<UiWorkflow['links']>,
): void {
  const ids = new Set<string>();
  for (const node of nodes) {
    const id = String(node.id);
    if (ids.has(id)) throw new WorkflowFormatError(`${where}Node ${id} appears twice`);
    ids.add(id);
  }
  for (const link of links) {
    for (const end of [link.origin_id, link.target_id]) {
      const id = String(end);
      if (!ids.has(id) && !SUBGRAPH_IO_IDS.has(id)) {
        throw new WorkflowFormatError(`${where}Link ${link.id} refers to missing node ${id}`);
      }
    }
  }
}

/** Turns a schema issue into a sentence naming the node when there is one: 'Node 12 has no type'. */
function describeIssue(data: Record<string, unknown>, issue: z.core.$ZodIssue | undefined): string {
  if (!issue) return 'The workflow is not in the UI format';
  const path = issue.path;
  if (path[0] === 'nodes' && typeof path[1] === 'number') {
    const node: unknown = (data.nodes as unknown[])[path[1]];
    const id = isRecord(node) && node.id !== undefined ? String(node.id) : `at position ${path[1]}`;
    const field = path.slice(2).join('.');
    if (field === 'type' && isRecord(node) && node.type === undefined) return `Node ${id} has no type`;
    return `Node ${id}: ${field || 'node'} is invalid (${issue.message})`;
  }
  if (path[0] === 'links' && typeof path[1] === 'number') {
    return `Link at position ${path[1]} is invalid: expected [id, from, fromSlot, to, toSlot, type] or an object`;
  }
  return `The workflow's ${path.join('.') || 'content'} is invalid (${issue.message})`;
}
