import type { DevWorker } from '@cinegraph/dev-worker';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { Storage } from '../storage/storage';
import { Dispatcher } from './dispatcher';
import { convertWaitingNodes } from '../services/workflows/waiting-nodes';
import { messageOf, WorkerPool, type EngineLog, type SharedWorker } from './worker-pool';

/** The preview worker's name in the pool, as the spec lists it. */
export const DEV_WORKER_LABEL = 'Preview worker (no GPU)';

export interface RunningEngine {
  devWorker: DevWorker | null;
  workers: SharedWorker[];
  stop(): Promise<void>;
}

/**
 * Starts generation beside the HTTP server: the preview worker on a free loopback port (DEV_WORKER),
 * the worker pool (COMFYUI_URLS plus the preview worker) and the dispatcher.
 */
export async function startEngine(deps: {
  config: Config;
  db: Database;
  storage: Storage;
  log: EngineLog;
}): Promise<RunningEngine> {
  const { config } = deps;
  const devWorker = config.devWorker ? await startPreviewWorker() : null;
  const workers: SharedWorker[] = config.comfyuiUrls.map(({ backend, url }) => ({
    url,
    backend,
    label: new URL(url).host,
    apiKey: backend === 'runpod' ? config.runpodApiKey : null,
  }));
  if (devWorker) workers.push({ url: devWorker.url, label: DEV_WORKER_LABEL, servesEditor: false });
  let dispatcher: Dispatcher | null = null;
  const waitingDeps = {
    db: deps.db,
    storage: deps.storage,
    publicUrl: config.publicUrl,
    allowPrivateUserWorkers: config.userWorkersAllowPrivate,
  };
  const pool = new WorkerPool({
    db: deps.db,
    workers,
    log: deps.log,
    // A worker that is back takes jobs at once, not at the dispatcher's next tick, and converts the
    // workflows that waited for the node classes it may know.
    onAvailable: () => {
      void dispatcher?.tick();
      convertWaitingNodes(waitingDeps).catch((error: unknown) =>
        deps.log.warn(`Converting waiting workflows failed: ${messageOf(error)}`),
      );
    },
    allowPrivateUserWorkers: config.userWorkersAllowPrivate,
  });
  await pool.start();
  dispatcher = new Dispatcher({
    db: deps.db,
    storage: deps.storage,
    publicUrl: config.publicUrl,
    intervalMs: config.dispatchIntervalMs,
    retries: config.jobRetries,
    maxOutputBytes: config.workerFileMaxBytes,
    resumeAllOnStart: !config.databaseUrl,
    allowPrivateUserWorkers: config.userWorkersAllowPrivate,
    comfyApiOutputs:
      config.s3 && config.comfyApiS3Prefix
        ? { bucket: config.s3.bucket, prefix: config.comfyApiS3Prefix }
        : undefined,
    comfyApiLostAfterMs: config.comfyApiLostAfterMs,
    log: deps.log,
  });
  dispatcher.start();
  const running = dispatcher;
  return {
    devWorker,
    workers,
    stop: async () => {
      await running.stop();
      await pool.stop();
      await devWorker?.close();
    },
  };
}

/** The preview worker (with sharp and its WebSocket server) loads only when enabled, after the first answer. */
async function startPreviewWorker(): Promise<DevWorker> {
  const { startDevWorker } = await import('@cinegraph/dev-worker');
  return startDevWorker({ port: 0, host: '127.0.0.1', label: DEV_WORKER_LABEL });
}
