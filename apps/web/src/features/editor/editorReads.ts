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
 * One of the editor's reads under its SWR key: `start` begins it ahead; `take` hands over the read
 * started ahead if there is a fresh one (taken once), else reads anew. Each is sent without the studio's
 * header (apiCall's `headers` {}), as the editor's page preloads it, so the browser takes the preload over.
 */
function readAhead<T>(keyOf: (movieId: string) => string, read: (movieId: string) => Promise<T>) {
  return {
    start: (movieId: string) => startAhead(keyOf(movieId), () => read(movieId)),
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
 */
export function startEditorReads(movieId: string): void {
  for (const read of [nodes, connections, movie, utilityTemplates]) read.start(movieId);
}
