import type { Endpoint } from '@cinegraph/contracts';
import { apiCall, endpointUrl, type CallOptions } from './api';

/** A read started ahead is taken only this fresh: one the screen never took must not stand in later. */
const AHEAD_FOR_MS = 10_000;
const ahead = new Map<string, { read: Promise<unknown>; at: number }>();

/**
 * Reads a screen starts as its route matches, before its code has loaded, so it finds its data on the
 * way instead of asking only once its chunks arrive. Kept free of SWR (the route table is in the first
 * page's JavaScript); the screen's SWR reads take them over under the same key.
 */
export function startAhead(key: string, read: () => Promise<unknown>): void {
  const started = read();
  // The screen's reads report a failure when they take the read over; none goes unhandled here.
  started.catch(() => undefined);
  ahead.set(key, { read: started, at: Date.now() });
}

/** The read started ahead under `key` if there is a fresh one (taken once), else `read()` anew. */
export function takeAhead<T>(key: string, read: () => Promise<T>): Promise<T> {
  const early = ahead.get(key);
  ahead.delete(key);
  if (early && Date.now() - early.at < AHEAD_FOR_MS) return early.read as Promise<T>;
  return read();
}

/** `startAhead` of one API call, under its SWR key (its URL). */
export function startCall<E extends Endpoint>(ep: E, options: CallOptions<E> = {}): void {
  startAhead(endpointUrl(ep, options), () => apiCall(ep, options));
}

/** `takeAhead` of one API call: what a screen's SWR read of it fetches with. */
export function takeCall<E extends Endpoint>(ep: E, options: CallOptions<E> = {}) {
  return takeAhead(endpointUrl(ep, options), () => apiCall(ep, options));
}
