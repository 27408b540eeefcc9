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

/**
 * The frame's answer: `workflow` is the UI format, `prompt` the API format, `edited` whether the user
 * changed the graph since the page loaded it (undefined from bridges that do not say).
 */
export interface FrameWorkflow {
  workflow: unknown;
  prompt: unknown;
  edited?: boolean;
}

export type FrameMessage =
  | { type: 'cinegraph:ready' }
  | { type: 'cinegraph:workflow'; requestId: string; workflow: unknown; prompt: unknown; edited?: boolean }
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
        ...(typeof data.edited === 'boolean' && { edited: data.edited }),
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
 * The editor frame is served by the studio's proxy sandboxed without `allow-same-origin`: its origin is
 * opaque, so its messages come from origin 'null' and ours can only be addressed to '*'. Its window
 * (`event.source`) is what identifies it; the bridge itself answers only the studio's origin.
 */
export const FRAME_ORIGIN = 'null';
export const FRAME_TARGET = '*';

/**
 * Whether an API prompt names every node's class. ComfyUI's frontend leaves `class_type` out for a
 * node type it does not know (a custom node the worker lacks): such a prompt cannot be stored, and the
 * UI workflow is sent alone (the studio converts it once a worker knows those classes).
 */
export function isCompletePrompt(prompt: unknown): boolean {
  return (
    isRecord(prompt) &&
    Object.values(prompt).every((node) => isRecord(node) && typeof node.class_type === 'string')
  );
}
