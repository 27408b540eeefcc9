import type { EditorNode } from '@cinegraph/contracts';
import { createContext, useContext } from 'react';

/** What a node on the canvas may ask of the editor. */
export interface EditorActions {
  updateNode(nodeId: string, patch: Partial<Pick<EditorNode, 'name' | 'value' | 'output_handles'>>): void;
  /** Deletes at once, or after the confirmation for a workflow node. */
  requestDelete(nodeIds: readonly string[]): void;
  setHidden(nodeId: string, hidden: boolean): void;
}

export const EditorActionsContext = createContext<EditorActions | null>(null);

export function useEditorActions(): EditorActions {
  const actions = useContext(EditorActionsContext);
  if (!actions) throw new Error('useEditorActions must be used inside the editor');
  return actions;
}
