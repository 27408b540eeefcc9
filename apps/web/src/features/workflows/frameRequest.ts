import { getWorkflowMessage, parseFrameMessage, type FrameWorkflow } from './logic/bridge';

export const FRAME_REQUEST_TIMEOUT_MS = 5000;

let counter = 0;

/** Asks the embedded editor for its current workflow; null when it does not answer in time or fails. */
export function requestFrameWorkflow(
  frame: Window,
  origin: string,
  timeoutMs: number = FRAME_REQUEST_TIMEOUT_MS,
): Promise<FrameWorkflow | null> {
  counter += 1;
  const requestId = `back-${Date.now()}-${counter}`;
  return new Promise((resolve) => {
    const finish = (result: FrameWorkflow | null) => {
      clearTimeout(timer);
      window.removeEventListener('message', onMessage);
      resolve(result);
    };
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== origin || event.source !== frame) return;
      const message = parseFrameMessage(event.data);
      if (!message || !('requestId' in message) || message.requestId !== requestId) return;
      if (message.type === 'cinegraph:workflow')
        finish({ workflow: message.workflow, prompt: message.prompt });
      else if (message.type === 'cinegraph:error') {
        console.error('The embedded editor could not give its workflow', message.error);
        finish(null);
      }
    };
    const timer = setTimeout(() => finish(null), timeoutMs);
    window.addEventListener('message', onMessage);
    frame.postMessage(getWorkflowMessage(requestId), origin);
  });
}
