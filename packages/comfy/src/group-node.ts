import type { FlatInput, FlatNode, FlatSource } from './flat-graph';
import { widgetSlots, type ObjectInfo } from './object-info';
import { inheritedMode, typeName, type UiGroupNode, type UiNode } from './ui-format';

/**
 * Expands a legacy group node (`extra.groupNodes`) into its inner nodes, ids `parent:index`, as ComfyUI's
 * frontend does: the group's inputs are the inner inputs not fed from inside, in node order; its widget
 * values go to the inner nodes' widgets in order; its outputs are the inner outputs not consumed inside
 * (or marked external). The instance node becomes a passthrough from its output slots to those outputs.
 */
export function expandGroupNode(
  flat: Map<string, FlatNode>,
  instance: FlatNode,
  ui: UiNode,
  group: UiGroupNode,
  objectInfo: ObjectInfo | undefined,
): void {
  const prefix = `${instance.id}:`;
  const inner = group.nodes.map((node, position) => ({ node, index: node.index ?? position }));
  const internal = (group.links ?? []).filter((link) => link[0] !== null);
  const linkedInside = (index: number, slot: number) =>
    internal.some((link) => link[2] === index && link[3] === slot);
  const externalTargets = new Set(
    (group.links ?? []).filter((link) => link[0] === null).map((link) => `${link[2]}:${link[3]}`),
  );

  // The group's inputs are its inner nodes' inputs not fed from inside, in node order.
  let groupInput = 0;
  let groupWidget = 0;
  const groupValues = Array.isArray(ui.widgets_values) ? ui.widgets_values : [];
  for (const { node, index } of inner) {
    const id = prefix + String(index);
    const flatNode: FlatNode = {
      id,
      type: node.type,
      mode: inheritedMode(node.mode, instance.mode),
      title: node.title ?? undefined,
      widgetsValues: node.widgets_values ?? undefined,
      widgetOverrides: new Map(),
      inputs: (node.inputs ?? []).map((input, slot) => {
        const link = internal.find((l) => l[2] === index && l[3] === slot);
        const flatInput: FlatInput = {
          name: input.name,
          type: typeName(input.type),
          widgetName: input.widget?.name,
        };
        if (link) {
          flatInput.source = { nodeId: prefix + String(link[0]), slot: link[1] };
        } else if (!input.widget || externalTargets.has(`${index}:${slot}`)) {
          flatInput.source = instance.inputs[groupInput]?.source;
          groupInput += 1;
        }
        return flatInput;
      }),
    };
    const definition = objectInfo?.[node.type];
    if (definition) {
      for (const slot of widgetSlots(definition)) {
        const converted = (node.inputs ?? []).findIndex((input) => input.widget?.name === slot.name);
        if (converted >= 0 && linkedInside(index, converted)) continue;
        const value = groupValues[groupWidget];
        groupWidget += 1;
        if (slot.kind === 'value' && value !== undefined) flatNode.widgetOverrides.set(slot.name, value);
      }
    }
    flat.set(id, flatNode);
  }

  // The group's outputs are inner outputs not consumed inside, or marked external, in node order.
  const external = new Set(
    (group.external ?? []).map(([node, slot]) => {
      const index = typeof node === 'object' && node !== null && 'index' in node ? node.index : node;
      return `${String(index)}:${slot}`;
    }),
  );
  const outputs: FlatSource[] = [];
  for (const { node, index } of inner) {
    (node.outputs ?? []).forEach((_output, slot) => {
      const usedInside = internal.some((link) => link[0] === index && link[1] === slot);
      if (!usedInside || external.has(`${index}:${slot}`)) {
        outputs.push({ nodeId: prefix + String(index), slot });
      }
    });
  }
  instance.passthrough = outputs;
}
