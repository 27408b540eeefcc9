import { useNodeId } from '@xyflow/react';
import { createContext, useContext, useId, type ReactNode } from 'react';
import { useParams } from 'react-router';

/** The item and node an input belongs to; uploads are tracked and recorded with them. */
export interface UploadScopeValue {
  itemId: string | null;
  nodeId: string | null;
}

const UploadScopeContext = createContext<UploadScopeValue | null>(null);

/** Names the item and node of the inputs inside (a storyboard panel's inputs, for example). */
export function UploadScope({ itemId, nodeId, children }: UploadScopeValue & { children: ReactNode }) {
  return <UploadScopeContext.Provider value={{ itemId, nodeId }}>{children}</UploadScopeContext.Provider>;
}

/**
 * The scope of an input: the nearest UploadScope, else the canvas node it is drawn in and the movie of
 * the page. An input with no known node gets one of its own, so two inputs never share an upload.
 */
export function useUploadScope(): UploadScopeValue {
  const scope = useContext(UploadScopeContext);
  const canvasNodeId = useNodeId();
  const { movieId } = useParams();
  const ownId = useId();
  if (scope) return scope;
  return { itemId: movieId ?? null, nodeId: canvasNodeId ?? `input${ownId}` };
}
