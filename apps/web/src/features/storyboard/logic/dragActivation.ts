/** The spec's activation of drag-to-reorder: 8 px for a mouse; for touch and pen a 200 ms hold within 5 px. */
export const DRAG_ACTIVATION = { distancePx: 8, delayMs: 200, tolerancePx: 5 } as const;

export type DragActivation = 'pending' | 'active' | 'cancelled';

export interface PointerProgress {
  pointerType: string;
  elapsedMs: number;
  /** Distance from where the pointer went down. */
  distancePx: number;
}

/** Whether a press on a tile has become a drag, is still undecided, or was a scroll or a click. */
export function dragActivation({ pointerType, elapsedMs, distancePx }: PointerProgress): DragActivation {
  if (pointerType === 'mouse') return distancePx >= DRAG_ACTIVATION.distancePx ? 'active' : 'pending';
  if (distancePx > DRAG_ACTIVATION.tolerancePx) return 'cancelled';
  return elapsedMs >= DRAG_ACTIVATION.delayMs ? 'active' : 'pending';
}
