import http from 'node:http';
import https from 'node:https';

/** A worker's answer as the client reads it: a `fetch` Response and a Node response both fit. */
export interface HttpAnswer {
  status: number;
  ok: boolean;
  header(name: string): string | null;
  /** Read once, as chunks; `cancel` drops what is left unread (and frees the connection). */
  body: AnswerBody;
}

/** A body read chunk by chunk, or dropped. A web `ReadableStream` fits. */
export interface AnswerBody extends AsyncIterable<Uint8Array> {
  cancel(): Promise<void>;
}

/** What one plain request sends: no redirect is ever followed. */
export interface PlainRequest {
  method: string;
  body: string | undefined;
  headers: Record<string, string>;
  signal: AbortSignal;
  /** On a connection of its own, not a kept-alive one (a submit sent again after a reset). */
  fresh?: boolean;
}

// Connections kept open between calls: a dispatcher talks to each worker many times a second. With a
// timeout, Node's agent also drops an idle connection a second before the end the worker announces
// (`Keep-Alive: timeout=5` from a Node server such as the preview worker), so a submit is not sent on
// a connection the worker is closing (without one the announcement is ignored).
const IDLE_MS = 60_000;
const agents = {
  http: new http.Agent({ keepAlive: true, timeout: IDLE_MS }),
  https: new https.Agent({ keepAlive: true, timeout: IDLE_MS }),
};

/**
 * Sends a request with Node's own HTTP client. For the small JSON calls and file reads a dispatcher
 * makes per job it costs a third of the CPU of `fetch` (measured 0.08-0.19 ms against 0.25-0.54 ms a
 * call), whose web streams and spec machinery are the difference. Like the client's `fetch` calls it
 * never follows a redirect; the signal ends the request and its body.
 */
export async function plainRequest(url: string, request: PlainRequest): Promise<HttpAnswer> {
  try {
    return await sendOnce(url, request, !request.fresh);
  } catch (error) {
    // A kept-alive connection the worker closed as it went idle (Node servers after 5 s) may be
    // handed out just as the close arrives: a read is sent again on a connection of its own (the
    // other idle ones may be closing too). A POST is not, as the worker may have acted on it: the
    // caller gets the StaleConnectionError and decides (see submitPrompt).
    if (!(error instanceof StaleConnectionError) || request.method !== 'GET') throw error;
    return sendOnce(url, request, false);
  }
}

/** A reused connection reset before a single byte of the answer arrived. */
export class StaleConnectionError extends Error {}

function sendOnce(url: string, request: PlainRequest, keepAlive: boolean): Promise<HttpAnswer> {
  return new Promise<HttpAnswer>((resolve, reject) => {
    const secure = url.startsWith('https:');
    const options = {
      method: request.method,
      headers:
        request.body === undefined
          ? request.headers
          : { ...request.headers, 'Content-Length': String(Buffer.byteLength(request.body)) },
      agent: keepAlive && (secure ? agents.https : agents.http),
      signal: request.signal,
    };
    const sent = (secure ? https : http).request(url, options, (response) => {
      // Errors surface where the body is read; an unread body must not crash the process with them.
      response.on('error', () => {});
      const status = response.statusCode ?? 0;
      resolve({
        status,
        ok: status >= 200 && status < 300,
        header: (name) => {
          const value = response.headers[name.toLowerCase()];
          return Array.isArray(value) ? value.join(', ') : (value ?? null);
        },
        body: {
          [Symbol.asyncIterator]: () => response[Symbol.asyncIterator]() as AsyncIterator<Uint8Array>,
          cancel: async () => void response.destroy(),
        },
      });
    });
    // Bytes the connection had read before this request: more at the reset means the answer began.
    let readBefore = -1;
    sent.once('socket', (socket) => (readBefore = socket.bytesRead));
    sent.on('error', (error: NodeJS.ErrnoException) => {
      const unanswered = sent.socket !== null && sent.socket.bytesRead === readBefore;
      const stale = sent.reusedSocket && error.code === 'ECONNRESET' && unanswered;
      reject(stale ? new StaleConnectionError(error.message, { cause: error }) : error);
    });
    sent.end(request.body);
  });
}

/** A `fetch` Response as an answer. */
export function answerOf(response: Response): HttpAnswer {
  return {
    status: response.status,
    ok: response.ok,
    header: (name) => response.headers.get(name),
    body: response.body ?? { [Symbol.asyncIterator]: async function* () {}, cancel: async () => {} },
  };
}
