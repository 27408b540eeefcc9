import {
  FRAME_ORIGIN,
  FRAME_TARGET,
  getWorkflowMessage,
  parseFrameMessage,
  type FrameWorkflow,
} from './logic/bridge';

export const FRAME_REQUEST_TIMEOUT_MS = 5000;

/** The editor did not hand its workflow over: Back must not leave, or the edits in it would be lost. */
export class FrameSilentError extends Error {}

let counter = 0;

/**
 * Asks the embedded editor for its current workflow. Throws FrameSilentError when it does not answer
 * in time or answers with an error.
 */
export function requestFrameWorkflow(
  frame: Window,
  timeoutMs: number = FRAME_REQUEST_TIMEOUT_MS,
): Promise<FrameWorkflow> {
  counter += 1;
  const requestId = `back-${Date.now()}-${counter}`;
  return new Promise((resolve, reject) => {
    const finish = (result: FrameWorkflow | Error) => {
      clearTimeout(timer);
      window.removeEventListener('message', onMessage);
      if (result instanceof Error) reject(result);
      else resolve(result);
    };
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== FRAME_ORIGIN || event.source !== frame) return;
      const message = parseFrameMessage(event.data);
      if (!message || !('requestId' in message) || message.requestId !== requestId) return;
      if (message.type === 'cinegraph:workflow') {
        const { workflow, prompt, edited } = message;
        finish({ workflow, prompt, ...(edited !== undefined && { edited }) });
      } else if (message.type === 'cinegraph:error') {
        finish(new FrameSilentError(`The editor could not give its workflow: ${message.error}`));
      }
    };
    const timer = setTimeout(
      () =>
        finish(
          new FrameSilentError(
            `The editor did not hand over its workflow within ${timeoutMs / 1000} s. Your edits are still in it: try Back again, or leave without saving.`,
          ),
        ),
      timeoutMs,
    );
    window.addEventListener('message', onMessage);
    frame.postMessage(getWorkflowMessage(requestId), FRAME_TARGET);
  });
}
