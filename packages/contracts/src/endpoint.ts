import type { z } from 'zod';

/**
 * Sent by the studio's client with every API call. A page on another site cannot add a header without a
 * CORS preflight, which the API never grants, so the server refuses state-changing calls that carry
 * neither this header nor a JSON body (cross-site request forgery).
 */
export const STUDIO_REQUEST_HEADERS = { 'X-Requested-With': 'cinegraph' } as const;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One API call, described once: the server registers its route from it and the web client builds its
 * request from it, so the two sides cannot drift apart.
 */
export interface Endpoint<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
  A extends boolean = boolean,
> {
  method: HttpMethod;
  /** Path under `/api/v1`, with `:name` parameters. */
  path: string;
  summary: string;
  /** false for the few public calls (sign-in, verification, public reads). */
  auth: A;
  /**
   * Set when a signed-in user may rightly call this on another user's item (a comment on anyone's post,
   * a vote on anyone's shared workflow): the reason, for readers and for the attack suite, which then
   * does not expect such calls to be refused.
   */
  othersItems?: string;
  /** The largest body this call accepts, in bytes, when it is above the API's 1 MiB. */
  bodyLimit?: number;
  params?: P;
  query?: Q;
  body?: B;
  response: R;
}

export function endpoint<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
  const A extends boolean = boolean,
>(definition: Endpoint<P, Q, B, R, A>): Endpoint<P, Q, B, R, A> {
  return definition;
}

/** Fills `:name` parameters of an endpoint path, encoding each value. */
export function fillPath(path: string, params: Record<string, string> = {}): string {
  return path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(value);
  });
}
