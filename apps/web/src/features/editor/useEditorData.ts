import { CACHE, endpoints } from '@cinegraph/contracts';
import { useCallback } from 'react';
import useSWR from 'swr';
import { apiCall, endpointUrl } from '../../lib/api';
import { editorReadConfig } from '../../lib/swr';

export function nodesKey(movieId: string): string {
  return endpointUrl(endpoints.listNodes, { params: { movieId } });
}

export function connectionsKey(movieId: string): string {
  return endpointUrl(endpoints.listConnections, { params: { movieId } });
}

export function movieKey(movieId: string): string {
  return endpointUrl(endpoints.getMovie, { params: { movieId } });
}

/** The editor's reads (the spec's editor reads): no refetch on focus, utility templates deduped 10 s. */
export function useEditorData(movieId: string) {
  const nodes = useSWR(
    nodesKey(movieId),
    () => apiCall(endpoints.listNodes, { params: { movieId } }),
    editorReadConfig,
  );
  const connections = useSWR(
    connectionsKey(movieId),
    () => apiCall(endpoints.listConnections, { params: { movieId } }),
    editorReadConfig,
  );
  const movie = useSWR(
    movieKey(movieId),
    () => apiCall(endpoints.getMovie, { params: { movieId } }),
    editorReadConfig,
  );
  const utilityTemplates = useSWR(
    endpointUrl(endpoints.listUtilityNodes),
    () => apiCall(endpoints.listUtilityNodes),
    {
      ...editorReadConfig,
      dedupingInterval: CACHE.utilityNodesDedupingIntervalMs,
    },
  );

  const { mutate: mutateNodes } = nodes;
  const { mutate: mutateConnections } = connections;
  /** Reads nodes and connections again (after connect, delete, hide and show). */
  const reloadGraph = useCallback(async () => {
    await Promise.all([mutateNodes(), mutateConnections()]);
  }, [mutateNodes, mutateConnections]);

  return {
    nodes: nodes.data,
    connections: connections.data,
    movie: movie.data,
    utilityTemplates: utilityTemplates.data ?? [],
    error: nodes.error ?? connections.error ?? movie.error,
    loading: !nodes.data || !connections.data || !movie.data,
    reloadGraph,
    refetchMovie: movie.mutate,
    retry: () => Promise.all([nodes.mutate(), connections.mutate(), movie.mutate()]),
  };
}
