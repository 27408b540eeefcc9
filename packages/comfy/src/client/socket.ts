import { parseComfyMessage, type ComfyEvent } from './messages';

/** A handler type checked bivariantly (as methods are), so `ws`'s and the DOM's sockets both fit. */
type Handler<E> = { bivariance(event: E): void }['bivariance'];

/** The part of a WebSocket the follower uses: `ws`'s and the browser's both fit. */
export interface SocketLike {
  onopen: Handler<unknown> | null;
  onmessage: Handler<{ data: unknown }> | null;
  onclose: Handler<unknown> | null;
  onerror: Handler<{ message?: unknown; error?: unknown }> | null;
  close(code?: number, reason?: string): void;
}

/** Makes a WebSocket for a URL (`ws`'s `WebSocket` by default). */
export type SocketFactory = new (url: string) => SocketLike;

/** What the follower reports to its owner. */
export interface SocketHooks {
  onEvent(event: ComfyEvent): void;
  /** Called on every (re)connection: messages may have been missed meanwhile. */
  onOpen(): void;
}

/** Reconnect delays: doubling from `minDelayMs` up to `maxDelayMs`, with a little jitter. */
export function reconnectDelay(attempt: number, minDelayMs = 250, maxDelayMs = 10_000): number {
  const base = Math.min(maxDelayMs, minDelayMs * 2 ** Math.max(0, attempt));
  return Math.round(base * (0.8 + Math.random() * 0.4));
}

/**
 * Follows `/ws?clientId=` of one worker. After the first successful connection, a dropped socket is
 * reopened with back-off until `close()`.
 */
export class ComfySocket {
  private socket: SocketLike | null = null;
  private open = false;
  private stopped = true;
  private attempt = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  /** The first connection attempt, while it is under way. */
  private firstAttempt: { resolve: () => void; reject: (error: Error) => void } | null = null;
  private firstPromise: Promise<void> | null = null;

  constructor(
    private readonly url: string,
    private readonly Factory: SocketFactory,
    private readonly hooks: SocketHooks,
  ) {}

  get connected(): boolean {
    return this.open;
  }

  /**
   * Opens the socket; rejects when the first attempt fails (the worker is not reachable). Once
   * following, it resolves at once, even while a dropped socket is being reopened.
   */
  start(): Promise<void> {
    if (this.firstPromise) return this.firstPromise;
    if (!this.stopped) return Promise.resolve();
    this.stopped = false;
    this.firstPromise = new Promise<void>((resolve, reject) => {
      this.firstAttempt = { resolve, reject };
    });
    this.openSocket();
    return this.firstPromise;
  }

  /** Closes the socket for good. */
  close(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.socket?.close();
    this.socket = null;
    this.open = false;
    this.settleFirst(new Error('closed before the connection was established'));
  }

  /** Closes the current socket as a network failure would; the follower reconnects with back-off. */
  drop(): void {
    this.socket?.close();
  }

  private settleFirst(error?: Error): void {
    const first = this.firstAttempt;
    this.firstAttempt = null;
    this.firstPromise = null;
    if (error) first?.reject(error);
    else first?.resolve();
  }

  private openSocket(): void {
    let socket: SocketLike;
    try {
      socket = new this.Factory(this.url);
    } catch (error) {
      return this.closed(error instanceof Error ? error.message : String(error), false);
    }
    this.socket = socket;
    let failure = 'connection closed';
    socket.onopen = () => {
      this.open = true;
      this.attempt = 0;
      this.settleFirst();
      this.hooks.onOpen();
    };
    socket.onmessage = (message) => {
      // A closed socket may still hand over frames it had received: they are no longer followed.
      if (this.socket !== socket) return;
      const event = parseComfyMessage(message.data);
      if (event) this.hooks.onEvent(event);
    };
    socket.onerror = (event) => {
      failure = event.error instanceof Error ? event.error.message : String(event.message ?? failure);
    };
    socket.onclose = () => {
      if (this.socket !== socket) return;
      const wasOpen = this.open;
      this.open = false;
      this.socket = null;
      this.closed(failure, wasOpen);
    };
  }

  /** After a close: the first attempt failing ends following; later drops reconnect with back-off. */
  private closed(failure: string, wasOpen: boolean): void {
    if (this.firstAttempt && !wasOpen) {
      this.stopped = true;
      this.settleFirst(new Error(failure));
      return;
    }
    if (this.stopped) return;
    const delay = reconnectDelay(this.attempt);
    this.attempt += 1;
    this.timer = setTimeout(() => {
      this.timer = null;
      if (!this.stopped) this.openSocket();
    }, delay);
  }
}
