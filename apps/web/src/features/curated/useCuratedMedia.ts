import { endpoints } from '@cinegraph/contracts';
import useSWR from 'swr';
import { apiCall, endpointUrl } from '../../lib/api';

/** The curated takes of every movie whose members share takes with the community. */
export function useCuratedMedia() {
  return useSWR(endpointUrl(endpoints.listCuratedMedia), () => apiCall(endpoints.listCuratedMedia));
}
