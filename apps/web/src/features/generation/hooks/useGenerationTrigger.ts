import { endpoints } from '@cinegraph/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { apiCall } from '../../../lib/api';
import { useStoredUser } from '../../../lib/session';
import {
  canTrigger,
  missingIdsError,
  nextTriggerState,
  TRIGGER_RESET_MS,
  type TriggerState,
} from '../logic/trigger';

/** The plus tile's trigger: one more job of a workflow on a shot, refused while one is running. */
export function useGenerationTrigger(
  ids: { workflowId: string; movieId: string; shotId: string },
  onStarted: () => void,
) {
  const { userId } = useStoredUser();
  const [state, setState] = useState<TriggerState>('idle');
  const [message, setMessage] = useState<string | null>(null);
  const stateRef = useRef(state);
  useEffect(() => {
    stateRef.current = state;
  }, [state]);

  useEffect(() => {
    if (state !== 'success' && state !== 'error') return;
    const timer = setTimeout(() => setState((s) => nextTriggerState(s, 'reset')), TRIGGER_RESET_MS[state]);
    return () => clearTimeout(timer);
  }, [state]);

  const trigger = useCallback(async () => {
    if (!canTrigger(stateRef.current)) return;
    stateRef.current = 'generating';
    setState('generating');
    const missing = missingIdsError({ ...ids, userId });
    try {
      if (missing) throw new Error(missing);
      await apiCall(endpoints.generate, {
        params: { nodeId: ids.workflowId, movieId: ids.movieId, userId: userId ?? '' },
        body: { shot_ids: [ids.shotId], num_jobs: 1 },
      });
      setMessage(null);
      setState((s) => nextTriggerState(s, 'succeeded'));
      onStarted();
    } catch (error) {
      setMessage(error instanceof Error ? error.message : null);
      setState((s) => nextTriggerState(s, 'failed'));
    }
  }, [ids, userId, onStarted]);

  return { state, message, trigger };
}
