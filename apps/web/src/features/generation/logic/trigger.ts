/** The plus tile's generate trigger (the spec: idle, generating, then success or error, then idle). */
export type TriggerState = 'idle' | 'generating' | 'success' | 'error';

/** How long success and error stay on the overlay before it goes back to idle. */
export const TRIGGER_RESET_MS = { success: 1500, error: 2000 } as const;

export const MISSING_IDS_MESSAGE = 'Missing workflow, movie, user, or shot ID.';

export type TriggerEvent = 'start' | 'succeeded' | 'failed' | 'reset';

export function nextTriggerState(state: TriggerState, event: TriggerEvent): TriggerState {
  switch (event) {
    case 'start':
      // A trigger is refused while one is running.
      return state === 'generating' ? state : 'generating';
    case 'succeeded':
      return state === 'generating' ? 'success' : state;
    case 'failed':
      return state === 'generating' ? 'error' : state;
    case 'reset':
      return state === 'generating' ? state : 'idle';
  }
}

export function canTrigger(state: TriggerState): boolean {
  return state !== 'generating';
}

export interface TriggerIds {
  workflowId?: string | null;
  movieId?: string | null;
  userId?: string | null;
  shotId?: string | null;
}

/** The spec's message when an id is missing, or null when all four are there. */
export function missingIdsError(ids: TriggerIds): string | null {
  return ids.workflowId && ids.movieId && ids.userId && ids.shotId ? null : MISSING_IDS_MESSAGE;
}
