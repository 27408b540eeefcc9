import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { executePrompt } from './execute-prompt';
import { buildNodeCatalog, type ObjectInfo } from './node-catalog';
import { protocolProfile, type ProtocolVersion } from './protocol';
import { PromptQueue } from './prompt-queue';
import type { WorkerState } from './prompt-routes';
import type { ApiPrompt } from './prompt-types';
import { createRoutes } from './routes';
import { DEFAULT_DEVICE_LABEL } from './system-info';
import { WorkerFiles } from './worker-files';
import type { WebRoot } from './web-routes';
import { WsHub } from './ws-hub';

/** Options of a dev worker. */
export interface DevWorkerOptions {
  /** 0 picks a free port. */
  port?: number;
  host?: string;
  /** Time per node and per progress step; default 150 ms. */
  stepMs?: number;
  /** Makes a prompt fail at run time with the returned message (tests); null lets it run. */
  failWhen?: (prompt: ApiPrompt) => string | null;
  /** The device name in `/system_stats`; default 'Preview worker (no GPU)'. */
  label?: string;
  /** Extra node definitions, added to (or replacing) the built-in ones. */
  objectInfo?: ObjectInfo;
  /** The recorded ComfyUI version to imitate where they differ; default '0.8.0'. */
  protocol?: ProtocolVersion;
  /** Where input/output/temp files live; default a fresh temporary folder removed on close. */
  dataDir?: string;
  /** A ComfyUI frontend served as the web root, with node packs' web folders (the embedded editor). */
  web?: WebRoot;
}

/** A running dev worker. */
export interface DevWorker {
  /** 'http://host:port' (no trailing slash). */
  url: string;
  port: number;
  /** The folder holding `input/`, `output/` and `temp/`. */
  dataDir: string;
  /** Stops the server, drops WebSocket clients, interrupts the running prompt. */
  close(): Promise<void>;
}

/**
 * Starts a ComfyUI-API-compatible worker that runs any workflow with an output node by producing
 * labelled preview media (PNG, WebM or GIF, WAV), speaking ComfyUI 0.8.0's HTTP and WebSocket protocol.
 */
/** aiohttp's `keepalive_timeout`, which ComfyUI keeps. */
const KEEP_ALIVE_MS = 75_000;

export async function startDevWorker(options: DevWorkerOptions = {}): Promise<DevWorker> {
  const ownsDir = !options.dataDir;
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'cinegraph-dev-worker-'));
  const profile = protocolProfile(options.protocol);
  const queue = new PromptQueue();
  const hub = new WsHub(() => queue.remaining(), profile.newApi);
  const files = new WorkerFiles(dataDir);
  let closed = false;
  let current: Promise<void> = Promise.resolve();
  const state: WorkerState = {
    queue,
    hub,
    files,
    catalog: buildNodeCatalog(options.objectInfo),
    profile,
    pump() {
      const next = closed ? null : queue.take();
      if (!next) return;
      hub.sendStatus();
      const send = (type: string, data: Record<string, unknown>) => hub.send(type, data, next.clientId);
      const stepMs = options.stepMs ?? 150;
      const context = {
        files,
        stepMs,
        failWhen: options.failWhen,
        send,
        progressState: profile.progressState,
      };
      current = executePrompt(next, context)
        .catch((error: unknown) => {
          // executePrompt reports node failures itself; this only guards against a bug in the worker.
          console.error('dev worker: prompt crashed', error);
          return null;
        })
        .then((entry) => {
          if (entry) queue.finish(entry);
          else queue.running = null;
          hub.sendStatus();
          send('executing', { node: null, prompt_id: next.id });
          setImmediate(() => state.pump());
        });
    },
  };
  let port = 0;
  const server = createServer(
    createRoutes(state, {
      label: options.label ?? DEFAULT_DEVICE_LABEL,
      port: () => port,
      web: options.web,
    }),
  );
  server.on('upgrade', (request, socket, head: Buffer) => hub.handleUpgrade(request, socket, head));
  // Idle connections stay open as long as ComfyUI's (aiohttp's 75 s), not Node's 5 s: a dispatcher
  // reuses them between jobs, and one closed as a busy client hands it a submit fails that submit.
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  port = (server.address() as AddressInfo).port;
  // A worker listening on every interface is reached through loopback from this machine.
  const local = host === '0.0.0.0' ? '127.0.0.1' : host === '::' ? '::1' : host;
  const shownHost = local.includes(':') ? `[${local}]` : local;
  return {
    url: `http://${shownHost}:${port}`,
    port,
    dataDir,
    async close() {
      closed = true;
      queue.clear();
      if (queue.running) queue.running.interrupted = true;
      hub.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await current;
      if (ownsDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
