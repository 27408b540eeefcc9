import { useCallback, useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { DRAG_ACTIVATION, dragActivation } from '../logic/dragActivation';

export interface DragState {
  id: string;
  dx: number;
  dy: number;
  overId: string | null;
}

/** Presses on these never start a drag: they type, click or follow links. */
const NO_DRAG = 'input, textarea, select, button, a, [data-no-drag]';

function tileIdAt(x: number, y: number): string | null {
  return document.elementFromPoint(x, y)?.closest('[data-tile-id]')?.getAttribute('data-tile-id') ?? null;
}

/**
 * Drag-to-reorder over tiles marked `data-tile-id`, with pointer events: the dragged tile follows the
 * pointer, the tile under it is the drop target, and `onMove(from, to)` fires on release.
 */
export function useSortableGrid(onMove: (from: number, to: number) => void) {
  const [drag, setDrag] = useState<DragState | null>(null);
  const cleanupRef = useRef<(() => void) | null>(null);
  useEffect(() => () => cleanupRef.current?.(), []);

  const onPointerDown = useCallback(
    (event: ReactPointerEvent<HTMLElement>, id: string, ids: readonly string[]) => {
      if (event.button !== 0 || (event.target as Element).closest(NO_DRAG)) return;
      cleanupRef.current?.();
      const start = { x: event.clientX, y: event.clientY, time: performance.now() };
      const pointerType = event.pointerType;
      let active = false;
      let last = { x: start.x, y: start.y };

      const update = (x: number, y: number) => {
        last = { x, y };
        const state = dragActivation({
          pointerType,
          elapsedMs: performance.now() - start.time,
          distancePx: Math.hypot(x - start.x, y - start.y),
        });
        if (!active && state === 'cancelled') return cleanup();
        if (!active && state !== 'active') return;
        active = true;
        setDrag({ id, dx: x - start.x, dy: y - start.y, overId: tileIdAt(x, y) });
      };
      const move = (e: PointerEvent) => {
        if (active) e.preventDefault();
        update(e.clientX, e.clientY);
      };
      const up = (e: PointerEvent) => {
        const overId = active ? tileIdAt(e.clientX, e.clientY) : null;
        cleanup();
        if (overId && overId !== id) onMove(ids.indexOf(id), ids.indexOf(overId));
      };
      // A touch hold activates without movement.
      const timer = setTimeout(() => update(last.x, last.y), DRAG_ACTIVATION.delayMs);
      function cleanup() {
        clearTimeout(timer);
        window.removeEventListener('pointermove', move);
        window.removeEventListener('pointerup', up);
        window.removeEventListener('pointercancel', cleanup);
        cleanupRef.current = null;
        setDrag(null);
      }
      window.addEventListener('pointermove', move);
      window.addEventListener('pointerup', up);
      window.addEventListener('pointercancel', cleanup);
      cleanupRef.current = cleanup;
    },
    [onMove],
  );

  return { drag, onPointerDown };
}
