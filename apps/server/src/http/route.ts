import { ErrorBody, type Endpoint } from '@cinegraph/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { compiledSerializer } from './compiled-serializer';
import { forbidden, unauthorized } from './errors';

type Out<T> = [NonNullable<T>] extends [z.ZodType] ? z.output<NonNullable<T>> : undefined;

export interface RouteContext<E extends Endpoint> {
  params: Out<E['params']>;
  query: Out<E['query']>;
  body: Out<E['body']>;
  /** The signed-in user; routes with `auth: false` get null when nobody is signed in. */
  userId: E['auth'] extends true ? string : string | null;
  request: FastifyRequest;
  reply: FastifyReply;
}

const errorResponses = {
  400: ErrorBody,
  401: ErrorBody,
  403: ErrorBody,
  404: ErrorBody,
  409: ErrorBody,
  429: ErrorBody,
};

/**
 * Registers one endpoint of the contracts: the session is checked first (401), then the input is
 * validated with the contracts schemas (400), then a user id named in the path, query or body must be
 * the session's user (403); the handler's result is serialised through the response schema.
 */
export function route<E extends Endpoint>(
  app: FastifyInstance,
  ep: E,
  handler: (ctx: RouteContext<E>) => Promise<z.input<E['response']>>,
): void {
  register(app, ep, { 200: ep.response, ...errorResponses }, handler);
}

/**
 * An answer already written as JSON text (by the database, for a list of a thousand items), sent as it
 * is: no parse, no second serialisation. `T` is the type the text holds, which tests check.
 */
export class JsonText<T> {
  declare private readonly holds: T;

  constructor(readonly text: string) {}
}

/**
 * A hot read: like `route()`, but the handler resolves the session itself in the query that reads
 * what it needs (`sessionToken`; 401 when it finds no session), and the answer is written by a
 * serializer compiled from the response schema (fast-json-stringify: only the declared fields, no zod
 * pass over every item), or given as JSON text. Tests check such answers against the contracts.
 */
export function readRoute<E extends Endpoint & { auth: true }>(
  app: FastifyInstance,
  ep: E,
  handler: (
    ctx: Omit<RouteContext<E>, 'userId'> & { sessionToken: string },
  ) => Promise<z.input<E['response']> | JsonText<z.output<E['response']>>>,
): void {
  register(
    app,
    ep,
    { 200: ep.response, ...errorResponses },
    async (ctx) => {
      const answer = await handler({ ...ctx, sessionToken: ctx.request.sessionToken! });
      if (!(answer instanceof JsonText)) return answer;
      // Fastify sends a string of a JSON content type as it is, past the serializer.
      return ctx.reply.type('application/json; charset=utf-8').send(answer.text);
    },
    { sessionInHandler: true },
  );
}

/**
 * Registers an endpoint whose answer is a stream the handler writes itself (server-sent events, a zip):
 * the same session (401), input (400) and own-user (403) checks as `route()`; errors the handler throws
 * before it takes the reply over are answered as usual. Its response schema describes one event or the
 * file. A handler that sends through `reply.send()` returns the reply, as Fastify asks of async handlers.
 */
export function streamRoute<E extends Endpoint>(
  app: FastifyInstance,
  ep: E,
  handler: (ctx: RouteContext<E>) => Promise<void | FastifyReply>,
): void {
  register(app, ep, errorResponses, handler);
}

function register<E extends Endpoint>(
  app: FastifyInstance,
  ep: E,
  response: Record<number, z.ZodType>,
  handler: (ctx: RouteContext<E>) => Promise<unknown>,
  { sessionInHandler = false } = {},
): void {
  app.route({
    method: ep.method,
    url: ep.path,
    ...(ep.bodyLimit && { bodyLimit: ep.bodyLimit }),
    config: { sessionInHandler },
    ...(sessionInHandler && { serializerCompiler: compiledSerializer }),
    schema: {
      summary: ep.summary,
      ...(ep.params && { params: ep.params }),
      ...(ep.query && { querystring: ep.query }),
      ...(ep.body && { body: ep.body }),
      response,
    },
    onRequest: ep.auth ? (sessionInHandler ? requireSessionCookie : requireSession) : undefined,
    preHandler: ep.auth ? requireOwnUserId : undefined,
    handler: async (request, reply) =>
      handler({
        params: request.params as Out<E['params']>,
        query: request.query as Out<E['query']>,
        body: request.body as Out<E['body']>,
        userId: request.userId as RouteContext<E>['userId'],
        request,
        reply,
      }),
  });
}

async function requireSession(request: FastifyRequest): Promise<void> {
  if (!request.userId) throw unauthorized();
}

async function requireSessionCookie(request: FastifyRequest): Promise<void> {
  if (!request.sessionToken) throw unauthorized();
}

async function requireOwnUserId(request: FastifyRequest): Promise<void> {
  const named = [
    (request.params as { userId?: unknown } | undefined)?.userId,
    (request.query as { user_id?: unknown } | undefined)?.user_id,
    (request.body as { user_id?: unknown } | null | undefined)?.user_id,
  ];
  if (named.some((id) => id !== undefined && id !== request.userId)) {
    throw forbidden('You can only act as yourself.');
  }
}
