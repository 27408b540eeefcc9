import { ComfyApiWorker, ComfyClient, RunPodWorker, type WorkerConnection } from '@cinegraph/comfy';
import { comfyApiDeliveries, comfyApiWebhookUrl } from './comfyui-api-deliveries';
import { workerTransport } from '../services/workers/public-transport';
import type { WorkerRow } from './worker-pool';

/**
 * The connection to one worker, by its backend: ComfyUI's own API, or RunPod's serverless API in front
 * of worker-comfyui. A user's worker is reached only at public addresses unless private ones are allowed.
 */
export function connectWorker(
  worker: Pick<WorkerRow, 'url' | 'userId' | 'backend' | 'apiKey'>,
  /** `publicUrl`: where comfyui-api delivers outcomes (needed to submit, not to check health). */
  options: { allowPrivateUserWorkers: boolean; timeoutMs?: number; publicUrl?: string },
): WorkerConnection {
  const transport = workerTransport(worker, options.allowPrivateUserWorkers);
  if (worker.backend === 'runpod') {
    return new RunPodWorker({
      baseUrl: worker.url,
      apiKey: worker.apiKey,
      fetch: transport.fetch,
      timeoutMs: options.timeoutMs,
    });
  }
  if (worker.backend === 'comfyui-api') {
    return new ComfyApiWorker({
      baseUrl: worker.url,
      webhookUrl: options.publicUrl ? comfyApiWebhookUrl(options.publicUrl) : '',
      deliveries: comfyApiDeliveries,
      fetch: transport.fetch,
      timeoutMs: options.timeoutMs,
    });
  }
  return new ComfyClient({ baseUrl: worker.url, timeoutMs: options.timeoutMs, ...transport });
}
