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
 * The scope of an input: the nearest UploadScope (a canvas node names its own), else the movie of the
 * page. An input with no known node gets one of its own, so two inputs never share an upload. (Asking
 * React Flow for the node here would bring all of React Flow to every screen with an input.)
 */
export function useUploadScope(): UploadScopeValue {
  const scope = useContext(UploadScopeContext);
  const { movieId } = useParams();
  const ownId = useId();
  if (scope) return scope;
  return { itemId: movieId ?? null, nodeId: `input${ownId}` };
}
