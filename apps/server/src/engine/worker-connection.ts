import {
  ComfyApiWorker,
  ComfyClient,
  RunPodWorker,
  type ComfyApiOutputBucket,
  type WorkerConnection,
} from '@cinegraph/comfy';
import type { Database } from '../db/client';
import { openWorkerKey } from '../services/workers/worker-keys';
import { comfyApiInbox, comfyApiWebhookUrl } from './comfyui-api-deliveries';
import { findRunPodJob, runpodWebhookUrl } from './runpod-jobs';
import { workerTransport } from '../services/workers/public-transport';
import type { Storage } from '../storage/storage';
import type { WorkerRow } from './worker-row';

/**
 * The connection to one worker, by its backend: ComfyUI's own API, or RunPod's serverless API in front
 * of worker-comfyui. A user's worker is reached only at public addresses unless private ones are allowed.
 */
export function connectWorker(
  /** `id` names a user's own comfyui-api worker's webhook (not needed to probe a worker being added). */
  worker: Pick<WorkerRow, 'url' | 'userId' | 'backend' | 'apiKey'> & { id?: string },
  /**
   * `publicUrl`: where comfyui-api delivers outcomes, `db`: where they are kept (both needed to run jobs
   * on comfyui-api, not to check health or cancel).
   */
  options: {
    allowPrivateUserWorkers: boolean;
    timeoutMs?: number;
    publicUrl?: string;
    db?: Database;
    /** Where comfyui-api's base64 outputs were kept by its webhook. */
    storage?: Storage;
    /** Where comfyui-api uploads outputs (the studio's bucket), instead of base64 in its webhook. */
    outputBucket?: ComfyApiOutputBucket;
    comfyApiLostAfterMs?: number;
  },
): WorkerConnection {
  const transport = workerTransport(worker, options.allowPrivateUserWorkers);
  const { publicUrl, db } = options;
  if (worker.backend === 'runpod') {
    return new RunPodWorker({
      baseUrl: worker.url,
      apiKey: openWorkerKey(worker.apiKey),
      webhookUrl: publicUrl ? (promptId) => runpodWebhookUrl(publicUrl, promptId) : undefined,
      findJob: db ? (promptId) => findRunPodJob(db, promptId) : undefined,
      fetch: transport.fetch,
      timeoutMs: options.timeoutMs,
    });
  }
  if (worker.backend === 'comfyui-api') {
    return new ComfyApiWorker({
      baseUrl: worker.url,
      // A user's own server signs with its own secret, at its own address.
      webhookUrl: publicUrl ? comfyApiWebhookUrl(publicUrl, worker.userId ? worker.id : undefined) : '',
      inbox: options.db ? comfyApiInbox(options.db, options.storage) : { read: async () => null },
      outputBucket: options.outputBucket,
      lostAfterMs: options.comfyApiLostAfterMs,
      fetch: transport.fetch,
      timeoutMs: options.timeoutMs,
    });
  }
  return new ComfyClient({ baseUrl: worker.url, timeoutMs: options.timeoutMs, ...transport });
}
