import { useEffect, useRef, useState, type RefObject } from 'react';
import type { EditorNode } from '@cinegraph/contracts';
import { FRAME_ORIGIN, FRAME_TARGET, loadWorkflowMessage, parseFrameMessage } from './logic/bridge';
import { loadOriginal } from './syncBack';

type Original = { link: unknown; api: unknown };

/** How long the editor may take to say it is ready before the page says it did not start. */
export const EDITOR_READY_TIMEOUT_MS = 10_000;

export interface FrameBridge {
  /** The node's stored workflow, for the comparison on Back. */
  original: RefObject<Promise<Original> | null>;
  /** The editor said `cinegraph:ready`. */
  ready: boolean;
  /** The editor has not said it is ready within EDITOR_READY_TIMEOUT_MS of the frame's opening. */
  late: boolean;
}

/**
 * Reads the node's stored workflow once and loads it into the embedded editor when the editor says
 * it is ready; tells whether it became ready in time.
 */
export function useFrameBridge(
  frameRef: RefObject<HTMLIFrameElement | null>,
  src: string | null,
  files: EditorNode['workflow'] | undefined,
): FrameBridge {
  const original = useRef<Promise<Original> | null>(null);
  const [ready, setReady] = useState(false);
  const [late, setLate] = useState(false);

  useEffect(() => {
    if (files === undefined) return;
    original.current = loadOriginal(files).catch((error: unknown) => {
      console.error('Reading the workflow failed', error);
      return { link: null, api: null };
    });
  }, [files]);

  useEffect(() => {
    // The page opens one editor: src is set once.
    if (!src) return;
    const timer = setTimeout(() => setLate(true), EDITOR_READY_TIMEOUT_MS);
    const onMessage = (event: MessageEvent) => {
      const frame = frameRef.current?.contentWindow;
      if (event.origin !== FRAME_ORIGIN || !frame || event.source !== frame) return;
      if (parseFrameMessage(event.data)?.type !== 'cinegraph:ready') return;
      clearTimeout(timer);
      setReady(true);
      setLate(false);
      void original.current?.then(({ link, api }) => {
        const workflow = link ?? api;
        if (workflow) frame.postMessage(loadWorkflowMessage(`load-${Date.now()}`, workflow), FRAME_TARGET);
      });
    };
    window.addEventListener('message', onMessage);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('message', onMessage);
    };
  }, [frameRef, src]);

  return { original, ready, late };
}
