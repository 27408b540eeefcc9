import { WorkflowFormatError } from './errors';
import { expandGroupNode } from './group-node';
import type { ObjectInfo } from './object-info';
import { inheritedMode, typeName, type UiLink, type UiNode, type UiWorkflow } from './ui-format';

/** Where a connection comes from: a node's output slot, by flattened node id. */
export interface FlatSource {
  nodeId: string;
  slot: number;
}

/** An input slot of a flattened node and, when connected, where it reads from. */
export interface FlatInput {
  name: string;
  type: string;
  /** The widget this socket stands for, when it is a widget converted to an input. */
  widgetName?: string;
  source?: FlatSource;
}

/**
 * A node of the workflow with subgraphs and group nodes expanded (ids `parent:child`).
 * `passthrough` is set for the subgraph/group instance itself: its output slot N forwards `passthrough[N]`.
 */
export interface FlatNode {
  id: string;
  type: string;
  mode: number;
  title?: string;
  widgetsValues?: unknown[] | Record<string, unknown>;
  /** Widget values set from outside the node (promoted subgraph widgets, group node widgets). */
  widgetOverrides: Map<string, unknown>;
  inputs: FlatInput[];
  passthrough?: Array<FlatSource | undefined>;
}

const MAX_NESTING = 16;
/** Subgraphs used inside subgraphs multiply; a real workflow stays far below this. */
const MAX_FLAT_NODES = 20_000;
const SUBGRAPH_INPUT_ID = '-10';
const SUBGRAPH_OUTPUT_ID = '-20';
/** Legacy group nodes are typed `workflow/<name>` (older frontends) or `workflow><name>`. */
const GROUP_NODE_PREFIX = /^workflow[/>]/;

/**
 * Flattens a UI workflow: every node of the top level, of subgraphs and of legacy group nodes, with each
 * input's source resolved to a flattened node id. With `objectInfo`, a group node's widget values are handed
 * to its inner nodes in definition order; without, the inner nodes keep the values stored in the group.
 */
export function flattenWorkflow(workflow: UiWorkflow, objectInfo?: ObjectInfo): Map<string, FlatNode> {
  const flat = new Map<string, FlatNode>();
  const subgraphs = new Map((workflow.definitions?.subgraphs ?? []).map((sg) => [sg.id, sg]));
  const groupNodes = new Map(Object.entries(workflow.extra?.groupNodes ?? {}));

  const addGraph = (
    nodes: UiNode[],
    links: UiLink[],
    prefix: string,
    parent?: FlatNode,
    parentUi?: UiNode,
  ) => {
    if (prefix.split(':').length > MAX_NESTING) {
      throw new WorkflowFormatError('Subgraphs are nested too deeply (does a subgraph contain itself?)');
    }
    const linkById = new Map(links.map((link) => [link.id, link]));
    const sourceOf = (linkId: number | null | undefined): FlatSource | undefined => {
      const link = linkId === null || linkId === undefined ? undefined : linkById.get(linkId);
      if (!link) return undefined;
      if (String(link.origin_id) === SUBGRAPH_INPUT_ID) {
        return parent?.inputs[link.origin_slot]?.source;
      }
      return { nodeId: prefix + String(link.origin_id), slot: link.origin_slot };
    };

    for (const node of nodes) {
      const id = prefix + String(node.id);
      const mode = inheritedMode(node.mode, parent?.mode);
      const flatNode: FlatNode = {
        id,
        type: node.type,
        mode,
        title: node.title ?? undefined,
        widgetsValues: node.widgets_values ?? undefined,
        widgetOverrides: new Map(),
        inputs: (node.inputs ?? []).map((input) => ({
          name: input.name,
          type: typeName(input.type),
          widgetName: input.widget?.name,
          source: sourceOf(input.link),
        })),
      };
      flat.set(id, flatNode);
      if (flat.size > MAX_FLAT_NODES) {
        throw new WorkflowFormatError(`The workflow expands to more than ${MAX_FLAT_NODES} nodes`);
      }
      const subgraph = subgraphs.get(node.type);
      const group = GROUP_NODE_PREFIX.test(node.type)
        ? groupNodes.get(node.type.replace(GROUP_NODE_PREFIX, ''))
        : undefined;
      if (subgraph) {
        expandSubgraph(flatNode, node, subgraph.nodes, subgraph.links ?? []);
      } else if (group) {
        expandGroupNode(flat, flatNode, node, group, objectInfo);
      }
    }
    // Widgets that subgraph inputs feed (a promoted widget without an outer link) get the instance's value.
    if (parent && parentUi) applySubgraphWidgets(parent, parentUi, nodes, links, prefix);
  };

  const expandSubgraph = (instance: FlatNode, ui: UiNode, nodes: UiNode[], links: UiLink[]) => {
    const prefix = `${instance.id}:`;
    addGraph(nodes, links, prefix, instance, ui);
    const outputs: Array<FlatSource | undefined> = [];
    for (const link of links) {
      if (String(link.target_id) === SUBGRAPH_OUTPUT_ID) {
        outputs[link.target_slot] = { nodeId: prefix + String(link.origin_id), slot: link.origin_slot };
      }
    }
    instance.passthrough = outputs;
  };

  const applySubgraphWidgets = (
    instance: FlatNode,
    ui: UiNode,
    nodes: UiNode[],
    links: UiLink[],
    prefix: string,
  ) => {
    const values = Array.isArray(ui.widgets_values) ? ui.widgets_values : [];
    const proxies = ui.properties?.proxyWidgets;
    const promoted: Array<{ nodeId: string; widget: string }> = Array.isArray(proxies)
      ? proxies.map((entry) => {
          const [nodeId, widget] = Array.isArray(entry) ? entry : [];
          return { nodeId: String(nodeId), widget: String(widget) };
        })
      : (ui.inputs ?? [])
          .filter((input) => input.widget)
          .map((input) => ({ nodeId: '-1', widget: input.name }));
    promoted.forEach(({ nodeId, widget }, index) => {
      if (index >= values.length) return;
      const value = values[index];
      if (nodeId !== '-1') {
        flat.get(prefix + nodeId)?.widgetOverrides.set(widget, value);
        return;
      }
      const slot = (ui.inputs ?? []).findIndex((input) => input.name === widget);
      if (slot < 0 || instance.inputs[slot]?.source) return;
      for (const link of links) {
        if (String(link.origin_id) !== SUBGRAPH_INPUT_ID || link.origin_slot !== slot) continue;
        const target = nodes.find((node) => String(node.id) === String(link.target_id));
        const input = target?.inputs?.[link.target_slot];
        if (target && input) {
          flat.get(prefix + String(target.id))?.widgetOverrides.set(input.widget?.name ?? input.name, value);
        }
      }
    });
  };

  addGraph(workflow.nodes, workflow.links ?? [], '');
  return flat;
}
