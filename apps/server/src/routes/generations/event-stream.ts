import type { ServerResponse } from 'node:http';
import type { FastifyReply } from 'fastify';

/** How long the browser waits before it reconnects a dropped stream (EventSource's `retry:`). */
const RECONNECT_MS = 3_000;

/** A server-sent event stream on a reply the route has taken over from Fastify. */
export interface EventStream {
  send(event: string, data: unknown): void;
  /** A comment line: keeps proxies and the browser from timing the idle connection out. */
  comment(text: string): void;
  end(): void;
  readonly closed: boolean;
  /** Called once when the client goes away or the stream is ended. */
  onClose(listener: () => void): void;
}

/**
 * Takes the reply over and answers `text/event-stream`. Buffering proxies are asked not to hold the
 * events back (`X-Accel-Buffering`), and nothing may transform or cache them.
 */
export function openEventStream(reply: FastifyReply): EventStream {
  reply.hijack();
  const raw: ServerResponse = reply.raw;
  raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  raw.write(`retry: ${RECONNECT_MS}\n\n`);
  let closed = false;
  const listeners: (() => void)[] = [];
  const close = () => {
    if (closed) return;
    closed = true;
    for (const listener of listeners.splice(0)) listener();
  };
  raw.on('close', close);
  return {
    send(event, data) {
      if (!closed) raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    },
    comment(text) {
      if (!closed) raw.write(`: ${text}\n\n`);
    },
    end() {
      close();
      raw.end();
    },
    get closed() {
      return closed;
    },
    onClose(listener) {
      if (closed) listener();
      else listeners.push(listener);
    },
  };
}
