import { endpoints } from '@cinegraph/contracts';
import { apiCall, endpointUrl } from '../../lib/api';
import { startAhead, takeAhead } from '../../lib/readAhead';

export function nodesKey(movieId: string): string {
  return endpointUrl(endpoints.listNodes, { params: { movieId } });
}

export function connectionsKey(movieId: string): string {
  return endpointUrl(endpoints.listConnections, { params: { movieId } });
}

export function movieKey(movieId: string): string {
  return endpointUrl(endpoints.getMovie, { params: { movieId } });
}

export const utilityTemplatesKey = (): string => endpointUrl(endpoints.listUtilityNodes);

/**
 * One of the editor's reads under its SWR key: `start` begins it ahead (handed over only once `until`
 * has settled too, when given); `take` hands over the read started ahead if there is a fresh one (taken
 * once), else reads anew. Each is sent without the studio's header (apiCall's `headers` {}), as the
 * editor's page preloads it, so the browser takes the preload over.
 */
function readAhead<T>(keyOf: (movieId: string) => string, read: (movieId: string) => Promise<T>) {
  return {
    start: (movieId: string, until?: Promise<unknown>): Promise<T> => {
      const started = read(movieId);
      startAhead(keyOf(movieId), () => (until ? until.then(() => started) : started));
      return started;
    },
    take: (movieId: string) => takeAhead(keyOf(movieId), () => read(movieId)),
  };
}

const nodes = readAhead(nodesKey, (movieId) => apiCall(endpoints.listNodes, { params: { movieId } }, {}));
const connections = readAhead(connectionsKey, (movieId) =>
  apiCall(endpoints.listConnections, { params: { movieId } }, {}),
);
const movie = readAhead(movieKey, (movieId) => apiCall(endpoints.getMovie, { params: { movieId } }, {}));
const utilityTemplates = readAhead(utilityTemplatesKey, () => apiCall(endpoints.listUtilityNodes, {}, {}));

export const readNodes = nodes.take;
export const readConnections = connections.take;
export const readMovie = movie.take;
export const readUtilityTemplates = () => utilityTemplates.take('');

/**
 * Starts the editor's four reads at once, as its route matches and before its code has loaded, so the
 * canvas finds its data on the way instead of asking only once its chunks arrive. Kept free of SWR (the
 * route table is in the first page's JavaScript); the editor's reads take these over.
 *
 * The graph's three (nodes, connections, the movie) are handed over together, once the last has settled:
 * the screen cannot draw the graph before, and each answer handed over alone redrew the screen for
 * nothing. The utility templates (for the node menus) are handed over as they come.
 */
export function startEditorReads(movieId: string): void {
  let allSettled = () => {};
  const graphSettled = new Promise<void>((resolve) => (allSettled = resolve));
  const graph = [nodes, connections, movie].map((read) => read.start(movieId, graphSettled));
  void Promise.allSettled(graph).then(allSettled);
  utilityTemplates.start(movieId);
}
