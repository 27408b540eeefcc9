/** One upload as the input shows it. */
export type UploadState =
  | { status: 'idle' }
  | { status: 'uploading'; filename: string; progress: number }
  | { status: 'done'; filename: string; progress: 100; url: string }
  | { status: 'error'; filename: string; error: string };

const IDLE: UploadState = { status: 'idle' };

/** How long a finished upload's bar stays at 100 % before it goes away, so the user sees it complete. */
export const DONE_BAR_MS = 1200;

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
  function set(key: string, state: UploadState): void {
    if (state.status === 'idle') states.delete(key);
    else states.set(key, state);
    listeners.forEach((listener) => listener());
  }
  return {
    get: (key: string): UploadState => states.get(key) ?? IDLE,
    set,
    /** Back to idle, unless another upload or an error has taken the key's place meanwhile. */
    clearIfStill(key: string, state: UploadState): void {
      if (states.get(key) === state) set(key, IDLE);
    },
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type UploadStore = ReturnType<typeof createUploadStore>;

export const uploadStore = createUploadStore();
