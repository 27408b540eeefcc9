import { endpoints } from '@cinegraph/contracts';
import { useCallback } from 'react';
import { ApiError, apiCall } from '../../../lib/api';
import { useStoredUser } from '../../../lib/session';
import { useToast } from '../../../ui/toast';
import { failedToast, startedToast } from '../logic/generationToasts';

export interface StartGeneration {
  nodeId: string;
  movieId: string;
  shotIds: readonly string[];
  jobs: number;
}

/** Starts jobs on shots and tells how it went in a toast; resolves to whether the server took them. */
export function useStartGeneration(): (request: StartGeneration) => Promise<boolean> {
  const toast = useToast();
  const { userId } = useStoredUser();
  return useCallback(
    async ({ nodeId, movieId, shotIds, jobs }: StartGeneration) => {
      try {
        if (!userId) throw new Error('Not signed in');
        await apiCall(endpoints.generate, {
          params: { nodeId, movieId, userId },
          body: { shot_ids: [...shotIds], num_jobs: jobs },
        });
        toast.success(startedToast());
        return true;
      } catch (error) {
        toast.error(failedToast(error instanceof ApiError ? error.message : null));
        return false;
      }
    },
    [toast, userId],
  );
}
