/** The node pack's postMessage bridge (comfyui-nodes/README.md), as plain data. */

export interface GetWorkflowMessage {
  type: 'cinegraph:get-workflow';
  requestId: string;
}

export interface LoadWorkflowMessage {
  type: 'cinegraph:load-workflow';
  requestId: string;
  workflow: unknown;
}

/** The frame's answer: `workflow` is the UI format, `prompt` the API format. */
export interface FrameWorkflow {
  workflow: unknown;
  prompt: unknown;
}

export type FrameMessage =
  | { type: 'cinegraph:ready' }
  | { type: 'cinegraph:workflow'; requestId: string; workflow: unknown; prompt: unknown }
  | { type: 'cinegraph:workflow-loaded'; requestId: string }
  | { type: 'cinegraph:error'; requestId: string; error: string }
  | { type: 'cinegraph:changed' };

export function getWorkflowMessage(requestId: string): GetWorkflowMessage {
  return { type: 'cinegraph:get-workflow', requestId };
}

export function loadWorkflowMessage(requestId: string, workflow: unknown): LoadWorkflowMessage {
  return { type: 'cinegraph:load-workflow', requestId, workflow };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A message from the frame, or null for anything else (other senders, other shapes). */
export function parseFrameMessage(data: unknown): FrameMessage | null {
  if (!isRecord(data) || typeof data.type !== 'string') return null;
  const requestId = typeof data.requestId === 'string' || typeof data.requestId === 'number';
  switch (data.type) {
    case 'cinegraph:ready':
    case 'cinegraph:changed':
      return { type: data.type };
    case 'cinegraph:workflow':
      if (!requestId || !isRecord(data.workflow)) return null;
      return {
        type: data.type,
        requestId: String(data.requestId),
        workflow: data.workflow,
        prompt: isRecord(data.prompt) ? data.prompt : null,
      };
    case 'cinegraph:workflow-loaded':
      return requestId ? { type: data.type, requestId: String(data.requestId) } : null;
    case 'cinegraph:error':
      return requestId
        ? {
            type: data.type,
            requestId: String(data.requestId),
            error: typeof data.error === 'string' ? data.error : 'Unknown error',
          }
        : null;
    default:
      return null;
  }
}

/** The frame's address: canvas only, and told which origin (ours) it may talk to. */
export function frameUrl(url: string, origin: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url, origin);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
  parsed.searchParams.set('canvas_only', 'true');
  parsed.searchParams.set('cinegraph_origin', origin);
  return parsed.toString();
}

/**
 * Whether `url` is one of the user's known ComfyUI workers (same origin as one of `workerUrls`): the
 * page frames nothing else, so a crafted /comfyui-iframe?url= link cannot show another site inside
 * the studio.
 */
export function isKnownWorker(url: string, workerUrls: readonly string[], origin: string): boolean {
  const framed = frameUrl(url, origin);
  const frame = framed ? frameOrigin(framed) : null;
  return frame !== null && workerUrls.some((worker) => frameOrigin(worker) === frame);
}

/** The origin replies must come from (and requests are sent to). */
export function frameOrigin(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}
