import { useStoreApi, type Viewport } from '@xyflow/react';
import { useMemo } from 'react';
import { canvasPoint } from './logic/view';

/** What the editor asks of the canvas's view: where it is, moving it, where a screen point falls on it. */
export interface CanvasView {
  getViewport(): Viewport;
  setViewport(view: Viewport): void;
  /** The canvas position under a point of the screen (client pixels), on the snap grid if it snaps. */
  screenToFlowPosition(client: { x: number; y: number }): { x: number; y: number };
}

/**
 * The canvas's view, read from React Flow's store when asked: one object for the editor's life.
 * React Flow's useReactFlow() hands out a new instance once its viewport is ready, which drew the
 * editor's screen and canvas again right after they mounted, in the same task as their first draw.
 */
export function useCanvasView(): CanvasView {
  const store = useStoreApi();
  return useMemo(
    () => ({
      getViewport: () => {
        const [x, y, zoom] = store.getState().transform;
        return { x, y, zoom };
      },
      setViewport: (view) => void store.getState().panZoom?.setViewport(view),
      screenToFlowPosition: (client) => {
        const { transform, snapGrid, snapToGrid, domNode } = store.getState();
        if (!domNode) return client;
        const box = domNode.getBoundingClientRect();
        return canvasPoint(
          { x: client.x - box.x, y: client.y - box.y },
          transform,
          snapToGrid ? snapGrid : null,
        );
      },
    }),
    [store],
  );
}
