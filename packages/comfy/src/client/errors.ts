/** ComfyUI's error object, in `/prompt` answers and inside `node_errors`. */
export interface ComfyErrorInfo {
  type: string;
  message: string;
  details: string;
  extra_info?: Record<string, unknown>;
}

/** Validation errors of one node, keyed by node id in `node_errors`. */
export interface ComfyNodeError {
  errors: ComfyErrorInfo[];
  dependent_outputs: string[];
  class_type: string;
}

/** The worker could not be reached (refused, reset, DNS, timed out): names the worker and the call. */
export class ComfyUnavailableError extends Error {
  override readonly name = 'ComfyUnavailableError';
  constructor(
    readonly baseUrl: string,
    readonly call: string,
    reason: string,
    options?: { cause?: unknown },
  ) {
    super(`ComfyUI worker ${baseUrl} is unavailable (${call}): ${reason}`, options);
  }
}

/** The worker answered with an unexpected status (not a prompt validation error). */
export class ComfyHttpError extends Error {
  override readonly name = 'ComfyHttpError';
  constructor(
    readonly baseUrl: string,
    readonly call: string,
    readonly status: number,
    readonly body: string,
  ) {
    const shown = body.trim().slice(0, 300);
    super(`ComfyUI worker ${baseUrl} answered ${status} to ${call}${shown ? `: ${shown}` : ''}`);
  }
}

/** The worker answered in a shape this client does not understand. */
export class ComfyProtocolError extends Error {
  override readonly name = 'ComfyProtocolError';
  constructor(
    readonly baseUrl: string,
    readonly call: string,
    problem: string,
  ) {
    super(`ComfyUI worker ${baseUrl} gave an unexpected answer to ${call}: ${problem}`);
  }
}

/**
 * `POST /prompt` refused the prompt (HTTP 400): ComfyUI's `error` and its `node_errors`, always as a map
 * (0.3.18 answers a list `[]` when no node is at fault). The message reads like
 * 'Required input is missing: images (node 4 SaveImage)'.
 */
export class ComfyPromptError extends Error {
  override readonly name = 'ComfyPromptError';
  constructor(
    readonly error: ComfyErrorInfo,
    readonly nodeErrors: Record<string, ComfyNodeError>,
  ) {
    super(describePromptError(error, nodeErrors));
  }
}

/** One readable line for a refused prompt: the node errors when there are some, else the prompt error. */
export function describePromptError(
  error: ComfyErrorInfo,
  nodeErrors: Record<string, ComfyNodeError>,
): string {
  const lines: string[] = [];
  for (const [nodeId, node] of Object.entries(nodeErrors)) {
    const where = `(node ${nodeId}${node.class_type ? ` ${node.class_type}` : ''})`;
    for (const item of node.errors) {
      lines.push(`${item.message}${item.details ? `: ${item.details}` : ''} ${where}`);
    }
    if (node.errors.length === 0) lines.push(`Invalid node ${where}`);
  }
  if (lines.length > 0) return lines.join('; ');
  return error.details ? `${error.message} (${error.details})` : error.message;
}
