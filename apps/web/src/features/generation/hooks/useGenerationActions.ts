import { endpoints, type Generation, type GenerationUpdate } from '@cinegraph/contracts';
import { useCallback, useState } from 'react';
import { apiCall } from '../../../lib/api';
import { isUnfinished } from '../logic/statusCounts';

/** Changing and deleting generations, with a busy marker per generation; `refresh` reloads the list. */
export function useGenerationActions(refresh: () => Promise<unknown>) {
  const [busyIds, setBusyIds] = useState<ReadonlySet<string>>(() => new Set());
  const mark = useCallback((id: string, busy: boolean) => {
    setBusyIds((previous) => {
      const next = new Set(previous);
      if (busy) next.add(id);
      else next.delete(id);
      return next;
    });
  }, []);

  const update = useCallback(
    async (generation: Generation, change: GenerationUpdate) => {
      mark(generation._id, true);
      try {
        await apiCall(endpoints.updateGeneration, { params: { id: generation._id }, body: change });
      } catch (error) {
        console.warn('Updating the generation failed', error);
      }
      await refresh();
      mark(generation._id, false);
    },
    [mark, refresh],
  );

  /** The spec: a pending generation is cancelled first; a failed cancel is only logged. */
  const remove = useCallback(
    async (generation: Generation): Promise<boolean> => {
      const params = { id: generation._id };
      if (isUnfinished(generation.status)) {
        await apiCall(endpoints.cancelGeneration, { params }).catch((error: unknown) =>
          console.warn('Cancelling before delete failed', error),
        );
      }
      let deleted = true;
      try {
        await apiCall(endpoints.deleteGeneration, { params });
      } catch (error) {
        console.warn('Deleting the generation failed', error);
        deleted = false;
      }
      await refresh();
      return deleted;
    },
    [refresh],
  );

  const cancel = useCallback(
    async (generation: Generation) => {
      mark(generation._id, true);
      await apiCall(endpoints.cancelGeneration, { params: { id: generation._id } }).catch((error: unknown) =>
        console.warn('Cancelling the generation failed', error),
      );
      await refresh();
      mark(generation._id, false);
    },
    [mark, refresh],
  );

  return { busyIds, update, remove, cancel };
}
