import type { z } from 'zod';
import { ComfyHttpError, ComfyProtocolError, ComfyUnavailableError } from './errors';
import { answerOf, plainRequest, type HttpAnswer } from './node-http';

export type { AnswerBody, HttpAnswer } from './node-http';

/** How the client reaches one worker over HTTP. */
export interface HttpTarget {
  baseUrl: string;
  fetch: typeof fetch;
  timeoutMs: number;
  /** The largest JSON or text answer read into memory; a worker is a user-given address. */
  maxAnswerBytes: number;
  /**
   * Send calls without a form through Node's HTTP client instead of `fetch` (`plainRequest`): what a
   * client given no `fetch` of its own does.
   */
  plain?: boolean;
}

/** Real `/object_info` answers with many node packs reach tens of MiB; nothing needs more. */
export const DEFAULT_MAX_ANSWER_BYTES = 64 * 1024 * 1024;

/** A request to the worker: the path (with query) and what to send. */
export interface HttpCall {
  method?: 'GET' | 'POST';
  path: string;
  json?: unknown;
  form?: FormData;
  timeoutMs?: number;
  signal?: AbortSignal;
  /** On a new connection, not a kept-alive one (plain requests only). */
  fresh?: boolean;
}

/**
 * Sends one request with a timeout. Network failures and timeouts become `ComfyUnavailableError`
 * naming the worker and the call; the answer is returned whatever its status.
 */
export async function send(target: HttpTarget, call: HttpCall): Promise<HttpAnswer> {
  const method = call.method ?? 'GET';
  const name = callName(call);
  const timeoutMs = call.timeoutMs ?? target.timeoutMs;
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = call.signal ? AbortSignal.any([timeout, call.signal]) : timeout;
  const json = call.json === undefined ? undefined : JSON.stringify(call.json);
  const headers: Record<string, string> = json === undefined ? {} : { 'Content-Type': 'application/json' };
  const url = `${target.baseUrl}${call.path}`;
  try {
    if (target.plain && !call.form) {
      return await plainRequest(url, { method, body: json, headers, signal, fresh: call.fresh });
    }
    // ComfyUI's API never redirects; a redirect is answered as the error it is, not followed to an
    // address nobody checked.
    const init = { method, body: call.form ?? json, headers, signal, redirect: 'manual' as const };
    return answerOf(await target.fetch(url, init));
  } catch (error) {
    if (call.signal?.aborted) throw call.signal.reason;
    const reason = timeout.aborted ? `no answer within ${timeoutMs} ms` : networkReason(error);
    throw new ComfyUnavailableError(target.baseUrl, name, reason, { cause: error });
  }
}

/** Sends a request and reads its text body, failing with `ComfyHttpError` unless the status is 2xx. */
export async function sendOk(target: HttpTarget, call: HttpCall): Promise<string> {
  const response = await send(target, call);
  const text = await readText(target, call, response);
  if (!response.ok) throw new ComfyHttpError(target.baseUrl, callName(call), response.status, text);
  return text;
}

/** Sends a request and validates its JSON answer with `schema`. */
export async function sendJson<T extends z.ZodType>(
  target: HttpTarget,
  call: HttpCall,
  schema: T,
): Promise<z.output<T>> {
  return parseJson(target, call, await sendOk(target, call), schema);
}

/** Validates a JSON text answer, failing with `ComfyProtocolError` that says what did not fit. */
export function parseJson<T extends z.ZodType>(
  target: HttpTarget,
  call: HttpCall,
  text: string,
  schema: T,
): z.output<T> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new ComfyProtocolError(target.baseUrl, callName(call), `not JSON: ${text.slice(0, 120)}`);
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? ` at ${issue.path.join('.')}` : '';
    throw new ComfyProtocolError(target.baseUrl, callName(call), `${issue?.message ?? 'invalid'}${where}`);
  }
  return parsed.data;
}

/**
 * Reads a body of at most `maxAnswerBytes`: a larger one is refused as soon as it is announced or
 * reached, never held whole. A connection cut while reading is the worker being unavailable too.
 */
export async function readText(target: HttpTarget, call: HttpCall, response: HttpAnswer): Promise<string> {
  return (await readBytes(target, call, response)).toString('utf8');
}

/** `readText`'s bytes. */
export async function readBytes(target: HttpTarget, call: HttpCall, response: HttpAnswer): Promise<Buffer> {
  const limit = target.maxAnswerBytes;
  const tooLarge = () =>
    new ComfyProtocolError(target.baseUrl, callName(call), `the answer is larger than ${limit} bytes`);
  if (Number(response.header('content-length')) > limit) {
    await response.body.cancel().catch(() => {});
    throw tooLarge();
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for await (const chunk of response.body) {
      size += chunk.byteLength;
      if (size > limit) throw tooLarge(); // leaving the loop cancels the body
      chunks.push(chunk);
    }
  } catch (error) {
    if (error instanceof ComfyProtocolError) throw error;
    throw new ComfyUnavailableError(target.baseUrl, callName(call), networkReason(error), { cause: error });
  }
  return Buffer.concat(chunks);
}

/** 'GET /history' style name of a call, for error messages. */
export const callName = (call: HttpCall) => `${call.method ?? 'GET'} ${call.path.split('?')[0]}`;

function networkReason(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  const code = typeof cause === 'object' && cause !== null && 'code' in cause ? String(cause.code) : '';
  const message = cause instanceof Error ? cause.message : String(cause);
  return code && !message.includes(code) ? `${code} ${message}` : message;
}
