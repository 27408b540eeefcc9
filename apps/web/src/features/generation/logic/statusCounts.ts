import type { Generation, GenerationStatus, GenerationStatusCounts } from '@cinegraph/contracts';

/** The four counts a workflow node shows (the spec: pending+queued, running+assigned). */
export interface DisplayCounts {
  pending: number;
  running: number;
  success: number;
  failed: number;
}

export function displayCounts(counts: GenerationStatusCounts | undefined): DisplayCounts {
  if (!counts) return { pending: 0, running: 0, success: 0, failed: 0 };
  return {
    pending: counts.pending + counts.queued,
    running: counts.running + counts.assigned,
    success: counts.success,
    failed: counts.failed,
  };
}

/** How a tile draws a status: two different spinners, two faces, or the preview. */
export type TileState = 'waiting' | 'running' | 'failed' | 'cancelled' | 'done';

export function tileState(status: GenerationStatus): TileState {
  switch (status) {
    case 'pending':
    case 'queued':
      return 'waiting';
    case 'running':
    case 'assigned':
      return 'running';
    case 'failed':
      return 'failed';
    case 'cancelled':
      return 'cancelled';
    case 'success':
      return 'done';
  }
}

/** Whether a generation can still change: the list keeps polling while one is. */
export function isUnfinished(status: GenerationStatus): boolean {
  const state = tileState(status);
  return state === 'waiting' || state === 'running';
}

export function anyUnfinished(generations: readonly Pick<Generation, 'status'>[]): boolean {
  return generations.some((generation) => isUnfinished(generation.status));
}
