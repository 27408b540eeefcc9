import { WORKER_BACKEND_NAMES, type OwnWorker } from '@cinegraph/contracts';

export type HealthTone = 'healthy' | 'down';

export interface WorkerHealth {
  tone: HealthTone;
  /** A few words beside the dot. */
  label: string;
  /** What the last check said, and when the worker last answered. */
  detail: string | null;
}

/** How a worker's row reads: healthy, or not answering with the error and when it was last seen. */
export function workerHealth(worker: OwnWorker, now: number = Date.now()): WorkerHealth {
  const seen = worker.last_seen_at ? `Last seen ${timeAgo(worker.last_seen_at, now)}` : 'Never seen';
  if (worker.healthy) {
    return {
      tone: 'healthy',
      label: 'Healthy',
      detail: [...backendFacts(worker), `checked ${timeAgo(worker.last_seen_at, now)}`].join(' · '),
    };
  }
  return {
    tone: 'down',
    label: 'Not answering',
    detail: worker.last_error ? `${seen}. ${worker.last_error}` : `${seen}.`,
  };
}

/** What kind of worker it is, with its version, and a serverless backend's queue and cold starts. */
function backendFacts(worker: OwnWorker): string[] {
  const kind = WORKER_BACKEND_NAMES[worker.backend];
  const facts = [worker.comfyui_version ? `${kind} ${worker.comfyui_version}` : kind];
  // Only the key's last characters ever reach the browser: enough to tell which key it is.
  if (worker.api_key_ending) facts.push(`key ending ${worker.api_key_ending}`);
  if (worker.queue_depth !== null) facts.push(`${worker.queue_depth} queued`);
  if (worker.cold_starts !== null) {
    facts.push(worker.cold_starts === 1 ? '1 cold start' : `${worker.cold_starts} cold starts`);
  }
  return facts;
}

/** "just now", "5 min ago", "3 h ago", "2 days ago". */
export function timeAgo(iso: string | null, now: number = Date.now()): string {
  if (!iso) return 'never';
  const seconds = Math.max(0, Math.round((now - Date.parse(iso)) / 1000));
  if (seconds < 60) return 'just now';
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h ago`;
  return `${Math.floor(hours / 24)} days ago`;
}

/** "1 job running" / "3 jobs running" / "idle", against what the worker may run at once. */
export function workerLoad(worker: Pick<OwnWorker, 'active_jobs' | 'capacity'>): string {
  const jobs = worker.active_jobs === 0 ? 'idle' : `${worker.active_jobs} of ${worker.capacity} busy`;
  return `${worker.capacity} at once · ${jobs}`;
}
