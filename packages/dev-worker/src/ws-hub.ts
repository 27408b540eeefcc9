import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { FEATURES } from './system-info';

/**
 * ComfyUI's `/ws?clientId=` endpoint: `status` with the `sid` on connect, then messages to one client
 * (by the prompt's `client_id`) or to everyone (no client id).
 */
export class WsHub {
  private readonly server = new WebSocketServer({ noServer: true });
  private readonly clients = new Map<string, WebSocket>();
  private readonly sockets = new Set<WebSocket>();

  constructor(
    private readonly queueRemaining: () => number,
    private readonly answersFeatureFlags = true,
  ) {}

  /** Takes over an HTTP upgrade request for `/ws` or `/api/ws`; refuses other paths. */
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void {
    const url = new URL(request.url ?? '/', 'http://worker');
    if (url.pathname !== '/ws' && url.pathname !== '/api/ws') {
      socket.end('HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    const sid = url.searchParams.get('clientId') || randomUUID().replaceAll('-', '');
    this.server.handleUpgrade(request, socket, head, (ws) => this.connect(ws, sid));
  }

  private connect(ws: WebSocket, sid: string): void {
    // As in ComfyUI, a new socket with the same client id takes over its messages; the old one stays open.
    this.clients.set(sid, ws);
    this.sockets.add(ws);
    let first = true;
    ws.on('message', (raw) => {
      // 0.8.0 answers a client's first `feature_flags` message with its own.
      if (!first) return;
      first = false;
      try {
        const message = JSON.parse(raw.toString()) as { type?: unknown };
        if (message.type === 'feature_flags' && this.answersFeatureFlags)
          this.send('feature_flags', FEATURES, sid);
      } catch {
        // Not JSON: ComfyUI ignores it too.
      }
    });
    ws.on('close', () => {
      this.sockets.delete(ws);
      if (this.clients.get(sid) === ws) this.clients.delete(sid);
    });
    ws.on('error', () => ws.terminate());
    const status = { status: { exec_info: { queue_remaining: this.queueRemaining() } }, sid };
    ws.send(JSON.stringify({ type: 'status', data: status }));
  }

  /** Sends `{type, data}` to one client id, or to every client when `sid` is null or undefined. */
  send(type: string, data: Record<string, unknown>, sid?: string | null): void {
    const text = JSON.stringify({ type, data });
    const targets = sid == null ? [...this.clients.values()] : [this.clients.get(sid)];
    for (const ws of targets) if (ws && ws.readyState === ws.OPEN) ws.send(text);
  }

  /** Broadcasts the queue size, as ComfyUI does whenever the queue changes. */
  sendStatus(): void {
    this.send('status', { status: { exec_info: { queue_remaining: this.queueRemaining() } } });
  }

  close(): void {
    for (const ws of this.sockets) ws.terminate();
    this.sockets.clear();
    this.clients.clear();
    this.server.close();
  }
}
