import { ComfyUnavailableError, type WorkerHealth } from '@cinegraph/comfy';
import type { WorkerBackend } from '@cinegraph/contracts';
import { connectWorker } from '../../engine/worker-connection';
import { badRequest } from '../../http/errors';

/** A user waits on the add form while this runs, so it gives up well before a browser would. */
export const PROBE_TIMEOUT_MS = 5_000;

/** Where each backend's health is asked, as the messages name it. */
const HEALTH_PATHS: Record<WorkerBackend, string> = {
  comfyui: '/system_stats',
  'comfyui-api': '/health',
  runpod: '/health',
};
const KINDS: Record<WorkerBackend, string> = {
  comfyui: 'ComfyUI',
  'comfyui-api': 'a comfyui-api server',
  runpod: 'a RunPod endpoint',
};

/**
 * Asks a would-be worker for its health, as the worker pool's health check does, and fails with a
 * message naming the address when nothing of its kind answers. The client follows no redirect, so a
 * public address cannot bounce the server to a private one; a user's worker stays on public addresses
 * unless `allowPrivate`.
 */
export async function probeWorker(
  worker: { url: string; userId: string; backend: WorkerBackend; apiKey: string | null },
  allowPrivate: boolean,
  timeoutMs = PROBE_TIMEOUT_MS,
): Promise<WorkerHealth> {
  const { url, backend } = worker;
  const asked = `${url}${HEALTH_PATHS[backend]}`;
  const connection = connectWorker(worker, { allowPrivateUserWorkers: allowPrivate, timeoutMs });
  try {
    return await connection.health();
  } catch (error) {
    if (error instanceof ComfyUnavailableError) {
      const running = backend === 'comfyui' ? 'that ComfyUI is running' : `that ${KINDS[backend]} answers`;
      throw badRequest(
        `Nothing answered at ${url} (asked ${asked}). Check ${running} and ` +
          'that this address is reachable from the studio server' +
          (backend === 'runpod' ? ', and the API key.' : '.'),
      );
    }
    throw badRequest(
      `Something answered at ${url}, but not like ${KINDS[backend]}: ${asked} did not give its ` +
        'health. Check the address and port.',
    );
  } finally {
    connection.disconnect();
  }
}
