import type { EditorNode } from '@cinegraph/contracts';
import type { MenuItem } from '../../../ui/Menu';
import type { EditorActions } from '../editorActions';

/** A node's menu, the same in full and on a card: hide or show it, delete it. */
export function nodeMenuItems(node: EditorNode, actions: EditorActions): MenuItem[] {
  return [
    node.hidden
      ? { label: 'Show node', onSelect: () => actions.setHidden(node._id, false) }
      : { label: 'Hide node', onSelect: () => actions.setHidden(node._id, true) },
    { label: 'Delete node', danger: true, onSelect: () => actions.requestDelete([node._id]) },
  ];
}

/** The label of a node's menu (its trigger's and its list's). */
export const nodeMenuLabel = (node: Pick<EditorNode, 'name'>) => `Node menu of ${node.name}`;
