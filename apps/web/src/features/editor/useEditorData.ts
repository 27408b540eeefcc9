import { CACHE } from '@cinegraph/contracts';
import { useCallback } from 'react';
import useSWR from 'swr';
import { editorReadConfig } from '../../lib/swr';
import {
  connectionsKey,
  movieKey,
  nodesKey,
  readConnections,
  readMovie,
  readNodes,
  readUtilityTemplates,
  utilityTemplatesKey,
} from './editorReads';

/** The editor's reads (the spec's editor reads): no refetch on focus, utility templates deduped 10 s. */
export function useEditorData(movieId: string) {
  const nodes = useSWR(nodesKey(movieId), () => readNodes(movieId), editorReadConfig);
  const connections = useSWR(connectionsKey(movieId), () => readConnections(movieId), editorReadConfig);
  const movie = useSWR(movieKey(movieId), () => readMovie(movieId), editorReadConfig);
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
