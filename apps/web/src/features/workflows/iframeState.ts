import type { EditorNode } from '@cinegraph/contracts';

/** The navigation state the embedded editor page receives from a workflow node's Edit button. */
export interface ComfyIframeState {
  originalWorkflow: EditorNode['workflow'];
  nodeId: string;
  movieId: string;
  nodeName: string;
  userId: string | null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** The state, when the page was opened from a node (a reload or a typed address has none). */
export function readIframeState(state: unknown): ComfyIframeState | null {
  if (!isRecord(state) || typeof state.nodeId !== 'string' || typeof state.movieId !== 'string') return null;
  const original = isRecord(state.originalWorkflow) ? state.originalWorkflow : null;
  const text = (value: unknown) => (typeof value === 'string' ? value : null);
  return {
    nodeId: state.nodeId,
    movieId: state.movieId,
    nodeName: typeof state.nodeName === 'string' ? state.nodeName : '',
    userId: text(state.userId),
    originalWorkflow: original ? { link: text(original.link), api_link: text(original.api_link) } : null,
  };
}

export function comfyIframePath(tunnelUrl: string): string {
  return `/comfyui-iframe?url=${encodeURIComponent(tunnelUrl)}`;
}
