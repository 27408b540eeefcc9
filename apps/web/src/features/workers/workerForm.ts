import {
  MESSAGES,
  MAX_WORKER_CAPACITY,
  MAX_WORKER_LABEL_LENGTH,
  MIN_WORKER_CAPACITY,
  normaliseWorkerUrl,
  type AddWorkerBody,
  type WorkerBackend,
} from '@cinegraph/contracts';
import { ApiError } from '../../lib/api';

export interface WorkerDraft {
  url: string;
  label: string;
  capacity: string;
  backend: WorkerBackend;
  /** A RunPod endpoint's API key (kept on the server, never shown again). */
  apiKey: string;
}

export const EMPTY_WORKER_DRAFT: WorkerDraft = {
  url: '',
  label: '',
  capacity: '1',
  backend: 'comfyui',
  apiKey: '',
};

/** Where the server asks each kind of worker for its health before saving it. */
export const HEALTH_PATHS: Record<WorkerBackend, string> = {
  comfyui: '/system_stats',
  'comfyui-api': '/health',
  runpod: '/health',
};

type AddBody = Required<Pick<AddWorkerBody, 'url' | 'label' | 'capacity' | 'backend' | 'api_key'>>;

export const CAPACITY_MESSAGE = `Jobs at once must be a whole number from ${MIN_WORKER_CAPACITY} to ${MAX_WORKER_CAPACITY}.`;

/** The capacity field as a number, or null when it is not a whole number in range. */
export function parseCapacity(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return value >= MIN_WORKER_CAPACITY && value <= MAX_WORKER_CAPACITY ? value : null;
}

/**
 * Checks the add form before it goes to the server, with the server's own address rules, so a typo is
 * caught at once; reachability and duplicates only the server can tell.
 */
export function validateWorkerDraft(
  draft: WorkerDraft,
): { ok: true; body: AddBody } | { ok: false; error: string } {
  const address = normaliseWorkerUrl(draft.url);
  if ('error' in address) return { ok: false, error: address.error };
  const capacity = parseCapacity(draft.capacity);
  if (capacity === null) return { ok: false, error: CAPACITY_MESSAGE };
  const label = draft.label.trim();
  if (label.length > MAX_WORKER_LABEL_LENGTH) {
    return { ok: false, error: `The name can be at most ${MAX_WORKER_LABEL_LENGTH} characters.` };
  }
  const apiKey = draft.backend === 'runpod' ? draft.apiKey.trim() : '';
  return { ok: true, body: { url: address.url, label, capacity, backend: draft.backend, api_key: apiKey } };
}

/** The server's detail of a failed call (it names the address and what went wrong), else the default. */
export function failureMessage(error: unknown): string {
  return error instanceof ApiError ? error.message : MESSAGES.requestFailed;
}
