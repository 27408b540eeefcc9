import {
  MESSAGES,
  MAX_WORKER_CAPACITY,
  MAX_WORKER_LABEL_LENGTH,
  MIN_WORKER_CAPACITY,
  normaliseWorkerUrl,
} from '@cinegraph/contracts';
import { ApiError } from '../../lib/api';

export interface WorkerDraft {
  url: string;
  label: string;
  capacity: string;
}

export const EMPTY_WORKER_DRAFT: WorkerDraft = { url: '', label: '', capacity: '1' };

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
): { ok: true; body: { url: string; label: string; capacity: number } } | { ok: false; error: string } {
  const address = normaliseWorkerUrl(draft.url);
  if ('error' in address) return { ok: false, error: address.error };
  const capacity = parseCapacity(draft.capacity);
  if (capacity === null) return { ok: false, error: CAPACITY_MESSAGE };
  const label = draft.label.trim();
  if (label.length > MAX_WORKER_LABEL_LENGTH) {
    return { ok: false, error: `The name can be at most ${MAX_WORKER_LABEL_LENGTH} characters.` };
  }
  return { ok: true, body: { url: address.url, label, capacity } };
}

/** The server's detail of a failed call (it names the address and what went wrong), else the default. */
export function failureMessage(error: unknown): string {
  return error instanceof ApiError ? error.message : MESSAGES.requestFailed;
}
