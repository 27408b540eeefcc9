import type { OwnWorker } from '@cinegraph/contracts';
import type { OwnWorkerRow } from '../../services/workers/own-workers';
import { comfyApiWebhookUrl } from '../../engine/comfyui-api-deliveries';
import { comfyApiWorkerSecret, workerKeyEnding } from '../../services/workers/worker-keys';

/** One of the user's workers as the account page shows it (`publicUrl`: the studio's, for its webhook). */
export function presentOwnWorker(row: OwnWorkerRow, publicUrl: string): OwnWorker {
  return {
    _id: row.id,
    url: row.url,
    label: row.label,
    capacity: row.capacity,
    healthy: row.healthy,
    last_seen_at: row.lastSeenAt?.toISOString() ?? null,
    last_error: row.lastError,
    comfyui_version: row.comfyuiVersion,
    backend: row.backend,
    queue_depth: row.queueDepth,
    cold_starts: row.coldStarts,
    api_key_ending: workerKeyEnding(row.apiKey),
    active_jobs: row.activeJobs,
    webhook:
      row.backend === 'comfyui-api'
        ? { url: comfyApiWebhookUrl(publicUrl, row.id), secret: comfyApiWorkerSecret(row.id) }
        : null,
    created_at: row.createdAt.toISOString(),
  };
}
