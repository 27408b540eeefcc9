import { isApiLink, type ApiNode, type ApiPrompt } from './api-format';
import { UnknownNodeClassError } from './errors';
import { flattenWorkflow, type FlatNode, type FlatSource } from './flat-graph';
import { executedNodes } from './node-classes';
import { widgetSlots, type ObjectInfo } from './object-info';
import { NodeMode, type UiWorkflow } from './ui-format';

type Resolved = { kind: 'link'; source: FlatSource } | { kind: 'value'; value: unknown } | { kind: 'none' };

/**
 * Converts a UI-format workflow to the API prompt that ComfyUI executes, as ComfyUI's frontend does, using
 * the server's node definitions (`/object_info`). Throws `UnknownNodeClassError` naming every node class
 * the definitions lack.
 */
export function convertUiToApi(workflow: UiWorkflow, objectInfo: ObjectInfo): ApiPrompt {
  const flat = flattenWorkflow(workflow, objectInfo);
  const emitted = executedNodes(flat);
  const unknown = [...new Set(emitted.map((node) => node.type).filter((type) => !objectInfo[type]))];
  if (unknown.length > 0) throw new UnknownNodeClassError(unknown.sort());

  const prompt = Object.create(null) as ApiPrompt;
  for (const node of emitted) prompt[node.id] = convertNode(node, flat, objectInfo);

  // A link into a node that does not run (muted, or bypassed without a matching input) is removed.
  for (const node of Object.values(prompt)) {
    for (const [name, value] of Object.entries(node.inputs)) {
      if (isApiLink(value) && !(value[0] in prompt)) delete node.inputs[name];
    }
  }
  return prompt;
}

function convertNode(node: FlatNode, flat: Map<string, FlatNode>, objectInfo: ObjectInfo): ApiNode {
  const definition = objectInfo[node.type]!;
  const inputs: Record<string, unknown> = {};
  const values = node.widgetsValues;
  widgetSlots(definition).forEach((slot, index) => {
    if (slot.kind !== 'value') return;
    if (Array.isArray(values)) {
      if (index < values.length) inputs[slot.name] = values[index];
    } else if (values && slot.name in values) {
      inputs[slot.name] = values[slot.name];
    }
  });
  for (const [name, value] of node.widgetOverrides) inputs[name] = value;

  for (const input of node.inputs) {
    if (!input.source) continue;
    const resolved = resolveSource(input.source, input.type, flat);
    if (resolved.kind === 'link') inputs[input.name] = [resolved.source.nodeId, resolved.source.slot];
    else if (resolved.kind === 'value') inputs[input.widgetName ?? input.name] = resolved.value;
  }
  return {
    inputs,
    class_type: node.type,
    _meta: { title: node.title ?? definition.display_name ?? node.type },
  };
}

/**
 * Follows a connection back through reroutes, subgraph and group boundaries, and bypassed nodes (through
 * their first input of the target's type, trying the same slot first) to the node that produces it.
 */
function resolveSource(start: FlatSource, targetType: string, flat: Map<string, FlatNode>): Resolved {
  let source = start;
  for (let hops = 0; hops <= flat.size; hops += 1) {
    const node = flat.get(source.nodeId);
    if (!node) return { kind: 'none' };
    let next: FlatSource | undefined;
    if (node.passthrough) {
      next = node.passthrough[source.slot];
    } else if (node.type === 'PrimitiveNode') {
      const values = node.widgetsValues;
      return Array.isArray(values) && values.length > 0
        ? { kind: 'value', value: values[0] }
        : { kind: 'none' };
    } else if (node.type === 'Reroute') {
      next = node.inputs[source.slot]?.source;
    } else if (node.mode === NodeMode.bypassed) {
      const order = [source.slot, ...node.inputs.keys()];
      const match = order.find((slot) => node.inputs[slot]?.type === targetType);
      if (match === undefined) return { kind: 'link', source };
      next = node.inputs[match]?.source;
    } else {
      return { kind: 'link', source };
    }
    if (!next) return { kind: 'none' };
    source = next;
  }
  return { kind: 'none' };
}
