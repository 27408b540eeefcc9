import { endpoints } from '@cinegraph/contracts';
import { apiCall, endpointUrl } from '../../lib/api';

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

/** A read started ahead is taken only this fresh: one the editor never took must not stand in later. */
const AHEAD_FOR_MS = 10_000;
const ahead = new Map<string, { read: Promise<unknown>; at: number }>();

/** The read started ahead under `key` if there is a fresh one (taken once), else a new read. */
function takeOrRead<T>(key: string, read: () => Promise<T>): Promise<T> {
  const early = ahead.get(key);
  ahead.delete(key);
  if (early && Date.now() - early.at < AHEAD_FOR_MS) return early.read as Promise<T>;
  return read();
}

export const readNodes = (movieId: string) =>
  takeOrRead(nodesKey(movieId), () => apiCall(endpoints.listNodes, { params: { movieId } }));
export const readConnections = (movieId: string) =>
  takeOrRead(connectionsKey(movieId), () => apiCall(endpoints.listConnections, { params: { movieId } }));
export const readMovie = (movieId: string) =>
  takeOrRead(movieKey(movieId), () => apiCall(endpoints.getMovie, { params: { movieId } }));
export const readUtilityTemplates = () =>
  takeOrRead(utilityTemplatesKey(), () => apiCall(endpoints.listUtilityNodes));

/**
 * Starts the editor's four reads at once, as its route matches and before its code has loaded, so the
 * canvas finds its data on the way instead of asking only once its chunks arrive. Kept free of SWR (the
 * route table is in the first page's JavaScript); the editor's reads take these over (see takeOrRead).
 */
export function startEditorReads(movieId: string): void {
  const reads: [string, () => Promise<unknown>][] = [
    [nodesKey(movieId), () => apiCall(endpoints.listNodes, { params: { movieId } })],
    [connectionsKey(movieId), () => apiCall(endpoints.listConnections, { params: { movieId } })],
    [movieKey(movieId), () => apiCall(endpoints.getMovie, { params: { movieId } })],
    [utilityTemplatesKey(), () => apiCall(endpoints.listUtilityNodes)],
  ];
  for (const [key, start] of reads) {
    const read = start();
    // The editor's reads report a failure when they take the read over; none goes unhandled here.
    read.catch(() => undefined);
    ahead.set(key, { read, at: Date.now() });
  }
}
