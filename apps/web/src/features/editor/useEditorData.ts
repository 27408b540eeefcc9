import { CACHE, endpoints } from '@cinegraph/contracts';
import { useCallback } from 'react';
import useSWR, { preload } from 'swr';
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

const utilityTemplatesKey = () => endpointUrl(endpoints.listUtilityNodes);
const readNodes = (movieId: string) => () => apiCall(endpoints.listNodes, { params: { movieId } });
const readConnections = (movieId: string) => () =>
  apiCall(endpoints.listConnections, { params: { movieId } });
const readMovie = (movieId: string) => () => apiCall(endpoints.getMovie, { params: { movieId } });
const readUtilityTemplates = () => apiCall(endpoints.listUtilityNodes);

/**
 * Starts the editor's four reads at once, before the editor's code has loaded (the route calls this as
 * it matches), so the canvas finds its data waiting instead of asking only after its chunk arrives.
 */
export function preloadEditorReads(movieId: string): void {
  const reads = [
    preload(nodesKey(movieId), readNodes(movieId)),
    preload(connectionsKey(movieId), readConnections(movieId)),
    preload(movieKey(movieId), readMovie(movieId)),
    preload(utilityTemplatesKey(), readUtilityTemplates),
  ];
  // The editor's own reads take these promises over and report their failures; none goes unhandled.
  for (const read of reads) read?.catch(() => undefined);
}

/** The editor's reads (the spec's editor reads): no refetch on focus, utility templates deduped 10 s. */
export function useEditorData(movieId: string) {
  const nodes = useSWR(nodesKey(movieId), readNodes(movieId), editorReadConfig);
  const connections = useSWR(connectionsKey(movieId), readConnections(movieId), editorReadConfig);
  const movie = useSWR(movieKey(movieId), readMovie(movieId), editorReadConfig);
  const utilityTemplates = useSWR(utilityTemplatesKey(), readUtilityTemplates, {
    ...editorReadConfig,
    dedupingInterval: CACHE.utilityNodesDedupingIntervalMs,
  });

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
