import { isApiLink } from './api-format';
import {
  CONTROL_NODES,
  INPUT_NODES,
  mediaTypeOf,
  OUTPUT_PREFIXES,
  SAVE_NODES,
  type HandleConvention,
  type InputNodeConvention,
  type WorkflowHandleType,
} from './conventions';
import { MissingOutputError } from './errors';
import { flattenWorkflow } from './flat-graph';
import { widgetSlots, type ObjectInfo } from './object-info';
import type { ParsedWorkflow } from './parse';
import { NodeMode } from './ui-format';

/** An input handle of a workflow node, and where its value goes in the API prompt. */
export interface WorkflowInputHandle {
  id: string;
  name: string;
  type: WorkflowHandleType;
  tooltip: string;
  /** The API prompt node and input that `fillPrompt` sets. */
  node_id: string;
  input: string;
  default?: unknown;
  convention: Exclude<HandleConvention, 'comfyui'>;
}

/** An output handle: a node whose results Cinegraph collects. */
export interface WorkflowOutputHandle {
  id: string;
  name: string;
  type: WorkflowHandleType;
  tooltip: string;
  node_id: string;
  class_type: string;
  convention: HandleConvention;
}

/** What a workflow exposes to the canvas. */
export interface WorkflowHandles {
  inputs: WorkflowInputHandle[];
  outputs: WorkflowOutputHandle[];
  /** Cinegraph bypass switches (work in progress in the product), shaped like inputs. */
  controls: WorkflowInputHandle[];
}

/** A node seen the same way in both formats. */
interface DetectNode {
  id: string;
  classType: string;
  title?: string;
  value(name: string, widgets: readonly string[]): unknown;
  /** Names and types of the inputs that are connected. */
  connected: string[];
}

/**
 * Finds a workflow's input, control and output nodes (Cinegraph, ComfyDeploy and comfy-pack conventions,
 * else ComfyUI's saving nodes as outputs) and maps them to handles. Muted and bypassed nodes do not count.
 * Throws `MissingOutputError` when the workflow has no output node. In the UI format, widget values are
 * read by the known widget order of each convention, or by the server's definitions when given.
 */
export function detectHandles(
  parsed: ParsedWorkflow,
  options: { objectInfo?: ObjectInfo } = {},
): WorkflowHandles {
  const nodes = parsed.format === 'ui' ? uiNodes(parsed, options.objectInfo) : apiNodes(parsed);
  const inputs: WorkflowInputHandle[] = [];
  const controls: WorkflowInputHandle[] = [];
  const outputs: WorkflowOutputHandle[] = [];
  const saves: WorkflowOutputHandle[] = [];
  for (const node of nodes) {
    const input = INPUT_NODES.get(node.classType);
    const control = CONTROL_NODES.get(node.classType);
    if (input) inputs.push(inputHandle(node, input, 'input'));
    else if (control) controls.push(inputHandle(node, control, 'control'));
    const output = outputHandle(node);
    if (output) (output.convention === 'comfyui' ? saves : outputs).push(output);
  }
  const found = outputs.length > 0 ? outputs : saves;
  if (found.length === 0) throw new MissingOutputError();
  return {
    inputs: uniqueNames(inputs.sort(byNodeId)),
    outputs: uniqueNames(found.sort(byNodeId)),
    controls: uniqueNames(controls.sort(byNodeId)),
  };
}

/** Both formats list handles in the same order: by node id, numerically. */
const byNodeId = (a: { node_id: string }, b: { node_id: string }) =>
  a.node_id.localeCompare(b.node_id, 'en', { numeric: true });

/** 'SaveAnimatedWEBP' reads as 'Save Animated WEBP', as ComfyUI titles its nodes. */
const readableClassName = (classType: string) => classType.replace(/([a-z])([A-Z])/g, '$1 $2');

function uiNodes(parsed: Extract<ParsedWorkflow, { format: 'ui' }>, objectInfo?: ObjectInfo): DetectNode[] {
  return [...flattenWorkflow(parsed.workflow, objectInfo).values()]
    .filter((node) => node.mode === NodeMode.normal && !node.passthrough)
    .map((node) => ({
      id: node.id,
      classType: node.type,
      title: node.title,
      value: (name, widgets) => {
        if (node.widgetOverrides.has(name)) return node.widgetOverrides.get(name);
        const values = node.widgetsValues;
        if (Array.isArray(values)) {
          const definition = objectInfo?.[node.type];
          const order = definition ? widgetSlots(definition).map((slot) => slot.name) : widgets;
          const index = order.indexOf(name);
          return index >= 0 ? values[index] : undefined;
        }
        return values?.[name];
      },
      connected: node.inputs.filter((input) => input.source).flatMap((input) => [input.name, input.type]),
    }));
}

function apiNodes(parsed: Extract<ParsedWorkflow, { format: 'api' }>): DetectNode[] {
  return Object.entries(parsed.prompt).map(([id, node]) => ({
    id,
    classType: node.class_type,
    title: node._meta?.title,
    value: (name) => (isApiLink(node.inputs[name]) ? undefined : node.inputs[name]),
    connected: Object.keys(node.inputs).filter((name) => isApiLink(node.inputs[name])),
  }));
}

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

function inputHandle(
  node: DetectNode,
  rule: InputNodeConvention,
  kind: 'input' | 'control',
): WorkflowInputHandle {
  const read = (field: string | undefined) => (field ? node.value(field, rule.widgets) : undefined);
  const name =
    text(read(rule.labelField)) ||
    text(read(rule.nameField)) ||
    text(node.title) ||
    `${rule.type} ${node.id}`;
  const fallback = node.value(rule.defaultField ?? rule.valueField, rule.widgets);
  const handle: WorkflowInputHandle = {
    id: `${kind}-${node.id}`,
    name,
    type: rule.type,
    tooltip: text(read(rule.tooltipField)),
    node_id: node.id,
    input: rule.valueField,
    convention: rule.convention,
  };
  if (fallback !== undefined && fallback !== '') handle.default = fallback;
  return handle;
}

function outputHandle(node: DetectNode): WorkflowOutputHandle | undefined {
  const saveType =
    SAVE_NODES.get(node.classType) ?? (node.classType.startsWith('SaveAudio') ? 'audio' : undefined);
  if (saveType) return outputOf(node, saveType, 'comfyui', undefined);
  const family = OUTPUT_PREFIXES.find(([prefix]) => node.classType.startsWith(prefix));
  if (!family) return undefined;
  const [prefix, convention] = family;
  // The class suffix says the type (CPackOutputImage); else what is connected (CinegraphOutput's video).
  const type =
    mediaTypeOf(node.classType.slice(prefix.length)) ??
    node.connected.map(mediaTypeOf).find((found) => found !== undefined) ??
    'image';
  // Cinegraph outputs carry a `name` widget; ComfyDeploy's an `output_id`; others go by their title.
  const named =
    convention === 'cinegraph'
      ? node.value('name', ['name'])
      : convention === 'comfydeploy'
        ? node.value('output_id', [])
        : undefined;
  return outputOf(node, type, convention, named);
}

function outputOf(
  node: DetectNode,
  type: WorkflowHandleType,
  convention: HandleConvention,
  named: unknown,
): WorkflowOutputHandle {
  return {
    id: `output-${node.id}`,
    name: text(named) || text(node.title) || readableClassName(node.classType),
    type,
    tooltip: '',
    node_id: node.id,
    class_type: node.classType,
    convention,
  };
}

/** Handles keep their node-based ids; repeated names get the node id so the canvas can tell them apart. */
function uniqueNames<T extends { name: string; node_id: string }>(handles: T[]): T[] {
  const counts = new Map<string, number>();
  for (const handle of handles) counts.set(handle.name, (counts.get(handle.name) ?? 0) + 1);
  return handles.map((handle) =>
    (counts.get(handle.name) ?? 0) > 1 ? { ...handle, name: `${handle.name} (${handle.node_id})` } : handle,
  );
}
