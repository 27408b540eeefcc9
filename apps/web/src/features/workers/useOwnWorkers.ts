import { endpoints, type AddWorkerBody, type OwnWorker } from '@cinegraph/contracts';
import { useCallback, useMemo } from 'react';
import useSWR from 'swr';
import { apiCall, endpointUrl } from '../../lib/api';

/** The pool checks every worker's health every 15 s; the list follows at the same pace. */
export const WORKERS_REFRESH_MS = 15_000;

export function useOwnWorkers() {
  const swr = useSWR(endpointUrl(endpoints.listOwnWorkers), () => apiCall(endpoints.listOwnWorkers), {
    refreshInterval: WORKERS_REFRESH_MS,
  });
  const { mutate } = swr;
  const write = useCallback(
    (change: (workers: OwnWorker[]) => OwnWorker[]) =>
      mutate((workers) => change(workers ?? []), { revalidate: false }),
    [mutate],
  );

  // Each action throws ApiError with the server's detail; the caller shows it.
  const actions = useMemo(
    () => ({
      add: async (body: AddWorkerBody) => {
        const worker = await apiCall(endpoints.addOwnWorker, { body });
        await write((workers) => [...workers.filter((w) => w._id !== worker._id), worker]);
        return worker;
      },
      update: async (workerId: string, body: { label?: string; capacity?: number }) => {
        const worker = await apiCall(endpoints.updateOwnWorker, { params: { workerId }, body });
        await write((workers) => workers.map((w) => (w._id === worker._id ? worker : w)));
        return worker;
      },
      remove: async (workerId: string) => {
        await apiCall(endpoints.removeOwnWorker, { params: { workerId } });
        await write((workers) => workers.filter((w) => w._id !== workerId));
      },
    }),
    [write],
  );
  return { ...swr, ...actions };
}
