import { endpoints, MESSAGES, STUDIO_REQUEST_HEADERS, type EditorNode } from '@cinegraph/contracts';
import { mutate } from 'swr';
import { ApiError, apiCall, endpointUrl } from '../../lib/api';

export const UPLOAD_MESSAGES = { noFile: 'No file provided', failed: 'Upload failed' } as const;

export interface WorkflowUpload {
  file: Blob;
  fileName: string;
  /** The UI-format JSON text (stored as the node's `link`). */
  link?: string;
  /** The API-format JSON text (stored as the node's `api_link`). */
  apiLink?: string;
}

/** Sends a workflow to a node (multipart: file, optional link and api_link); the node's handles follow. */
export async function setInputsFromWorkflow(
  movieId: string,
  nodeId: string,
  upload: WorkflowUpload,
): Promise<EditorNode> {
  const form = new FormData();
  form.append('file', upload.file, upload.fileName);
  if (upload.link !== undefined) form.append('link', upload.link);
  if (upload.apiLink !== undefined) form.append('api_link', upload.apiLink);
  let response: Response;
  try {
    response = await fetch(endpointUrl(endpoints.setInputsFromWorkflow, { params: { movieId, nodeId } }), {
      method: 'POST',
      credentials: 'same-origin',
      headers: STUDIO_REQUEST_HEADERS,
      body: form,
    });
  } catch {
    throw new ApiError(UPLOAD_MESSAGES.failed, 0);
  }
  const data: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const detail = (data as { detail?: unknown } | null)?.detail;
    throw new ApiError(typeof detail === 'string' ? detail : UPLOAD_MESSAGES.failed, response.status);
  }
  return data as EditorNode;
}

/** Reads a stored workflow file (a node's link or api_link) through the studio's proxy. */
export async function fetchWorkflowJson(url: string | null | undefined): Promise<unknown> {
  if (!url) return null;
  return apiCall(endpoints.proxyWorkflow, { query: { url } });
}

/** The address of a reachable ComfyUI instance, or null without one. */
export async function reachableWorkerUrl(): Promise<string | null> {
  try {
    const status = await apiCall(endpoints.tunnelStatus);
    if (!status.has_tunneled_worker) return null;
    return status.tunneled_workers.find((worker) => worker.tunnel_url)?.tunnel_url ?? null;
  } catch (error) {
    console.error('Reading the worker tunnel status failed', error);
    return null;
  }
}

/** Re-reads the editor's graph after a node changed outside the canvas's own calls. */
export async function refreshEditorGraph(movieId: string): Promise<void> {
  await Promise.all([
    mutate(endpointUrl(endpoints.listNodes, { params: { movieId } })),
    mutate(endpointUrl(endpoints.listConnections, { params: { movieId } })),
  ]);
}

export function errorMessage(error: unknown, fallback: string = MESSAGES.requestFailed): string {
  return error instanceof ApiError && error.message !== MESSAGES.requestFailed ? error.message : fallback;
}
