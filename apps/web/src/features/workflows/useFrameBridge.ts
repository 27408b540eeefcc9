import { useEffect, useRef, type RefObject } from 'react';
import type { EditorNode } from '@cinegraph/contracts';
import { loadWorkflowMessage, parseFrameMessage } from './logic/bridge';
import { loadOriginal } from './syncBack';

type Original = { link: unknown; api: unknown };

/**
 * Reads the node's stored workflow once and loads it into the embedded editor when the editor says
 * it is ready. Returns the original, for the comparison on Back.
 */
export function useFrameBridge(
  frameRef: RefObject<HTMLIFrameElement | null>,
  origin: string | null,
  files: EditorNode['workflow'] | undefined,
): RefObject<Promise<Original> | null> {
  const original = useRef<Promise<Original> | null>(null);

  useEffect(() => {
    if (files === undefined) return;
    original.current = loadOriginal(files).catch((error: unknown) => {
      console.error('Reading the workflow failed', error);
      return { link: null, api: null };
    });
  }, [files]);

  useEffect(() => {
    if (!origin) return;
    const onMessage = (event: MessageEvent) => {
      const frame = frameRef.current?.contentWindow;
      if (event.origin !== origin || !frame || event.source !== frame) return;
      if (parseFrameMessage(event.data)?.type !== 'cinegraph:ready') return;
      void original.current?.then(({ link, api }) => {
        const workflow = link ?? api;
        if (workflow) frame.postMessage(loadWorkflowMessage(`load-${Date.now()}`, workflow), origin);
      });
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [frameRef, origin]);

  return original;
}
