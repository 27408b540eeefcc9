/**
 * The workflow nodes with a generation running, kept for the canvas: the edges into them move while
 * they generate, and every other edge is drawn still.
 */
export interface GeneratingNodes {
  get(): ReadonlySet<string>;
  subscribe(listener: () => void): () => void;
  set(nodeId: string, generating: boolean): void;
}

export function createGeneratingNodes(): GeneratingNodes {
  let ids: ReadonlySet<string> = new Set();
  const listeners = new Set<() => void>();
  return {
    get: () => ids,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set(nodeId, generating) {
      if (ids.has(nodeId) === generating) return;
      const next = new Set(ids);
      if (generating) next.add(nodeId);
      else next.delete(nodeId);
      ids = next;
      listeners.forEach((listener) => listener());
    },
  };
}
