import { fillPath, MESSAGES, STUDIO_REQUEST_HEADERS, type Endpoint } from '@cinegraph/contracts';
import type { z } from 'zod';

export const API_BASE = '/api/v1';

/** An API failure, carrying the server's `detail` (or the spec's default) and the status. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type Input<T> = [NonNullable<T>] extends [z.ZodType] ? z.input<NonNullable<T>> : never;

export interface CallOptions<E extends Endpoint> {
  params?: Input<E['params']>;
  query?: Input<E['query']>;
  body?: Input<E['body']>;
}

/** Listeners told when the server says the session is gone (401), so the app can sign out locally. */
const unauthorizedListeners = new Set<() => void>();
export function onUnauthorized(listener: () => void): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

export function endpointUrl<E extends Endpoint>(ep: E, options: CallOptions<E> = {}): string {
  const path = fillPath(ep.path, options.params as Record<string, string> | undefined);
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries((options.query ?? {}) as Record<string, unknown>)) {
    if (value !== undefined && value !== null) search.set(key, String(value));
  }
  const qs = search.toString();
  return `${API_BASE}${path}${qs ? `?${qs}` : ''}`;
}

/**
 * Calls one endpoint of the contracts and returns its typed response; throws ApiError on failure.
 * `headers` {} sends a read exactly as the page's `<link rel="preload" as="fetch" crossorigin>` of its
 * address does (a preload cannot send the studio's header, and a browser may hand a fetch the preloaded
 * answer only if their headers are the same), for reads that need no studio header.
 */
export async function apiCall<E extends Endpoint>(
  ep: E,
  options: CallOptions<E> = {},
  headers: Record<string, string> = { ...STUDIO_REQUEST_HEADERS },
): Promise<z.output<E['response']>> {
  const init: RequestInit = { method: ep.method, credentials: 'same-origin', headers };
  if (options.body !== undefined) {
    init.body = JSON.stringify(options.body);
    (init.headers as Record<string, string>)['content-type'] = 'application/json';
  }
  let response: Response;
  try {
    response = await fetch(endpointUrl(ep, options), init);
  } catch {
    throw new ApiError(MESSAGES.requestFailed, 0);
  }
  const text = await response.text();
  const data: unknown = text ? safeJson(text) : null;
  if (!response.ok) {
    if (response.status === 401 && ep.auth) unauthorizedListeners.forEach((listener) => listener());
    const detail = (data as { detail?: unknown } | null)?.detail;
    throw new ApiError(typeof detail === 'string' ? detail : MESSAGES.requestFailed, response.status);
  }
  return data as z.output<E['response']>;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
