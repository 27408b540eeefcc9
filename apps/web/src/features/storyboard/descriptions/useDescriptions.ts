import { endpoints, type Description } from '@cinegraph/contracts';
import { useMemo } from 'react';
import useSWR from 'swr';
import { apiCall, endpointUrl } from '../../../lib/api';

/** The movie's descriptions, with the calls that change one and update the list in place. */
export function useDescriptions(movieId: string, enabled: boolean) {
  const params = { movieId };
  const { data, error, isLoading, mutate } = useSWR(
    enabled ? endpointUrl(endpoints.listDescriptions, { params }) : null,
    () => apiCall(endpoints.listDescriptions, { params }),
    { revalidateOnFocus: false },
  );
  const actions = useMemo(
    () => ({
      async save(id: string, text: string): Promise<void> {
        const saved = await apiCall(endpoints.updateDescriptionText, {
          params: { id },
          body: { description: text },
        });
        await mutate((list: Description[] = []) => list.map((d) => (d.id === id ? saved : d)), {
          revalidate: false,
        });
      },
      async remove(id: string): Promise<void> {
        await apiCall(endpoints.deleteDescription, { params: { id } });
        await mutate((list: Description[] = []) => list.filter((d) => d.id !== id), { revalidate: false });
      },
    }),
    [mutate],
  );
  return { descriptions: data, error, isLoading, actions };
}
