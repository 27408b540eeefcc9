/** One upload as the input shows it. */
export type UploadState =
  | { status: 'idle' }
  | { status: 'uploading'; filename: string; progress: number }
  | { status: 'done'; filename: string; progress: 100; url: string }
  | { status: 'error'; filename: string; error: string };

const IDLE: UploadState = { status: 'idle' };

/** The key an upload is tracked by: user, item and node, so a remounted input finds its upload again. */
export function uploadKey(userId: string, itemId: string | null, nodeId: string | null): string {
  return [userId, itemId ?? '-', nodeId ?? '-'].join('|');
}

/**
 * Uploads by key, kept at module level: a node scrolled off screen or a panel closed and opened again
 * unmounts its input, and the upload must go on showing when it comes back.
 */
export function createUploadStore() {
  const states = new Map<string, UploadState>();
  const listeners = new Set<() => void>();
  return {
    get: (key: string): UploadState => states.get(key) ?? IDLE,
    set(key: string, state: UploadState): void {
      if (state.status === 'idle') states.delete(key);
      else states.set(key, state);
      listeners.forEach((listener) => listener());
    },
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type UploadStore = ReturnType<typeof createUploadStore>;

export const uploadStore = createUploadStore();
