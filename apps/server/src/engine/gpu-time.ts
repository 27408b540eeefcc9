import type { HistoryEntry } from '@cinegraph/comfy';

/** The messages that end a run in a history entry's `status.messages`. */
const ENDS = new Set(['execution_success', 'execution_error', 'execution_interrupted']);

/**
 * Seconds a worker spent on a prompt by its own clock: from `execution_start` to the message that ended
 * the run, as ComfyUI keeps them (with millisecond timestamps) in the prompt's history. Null when the
 * entry does not carry both, e.g. a worker too old to timestamp its messages.
 */
export function executionSecondsOf(entry: HistoryEntry | null): number | null {
  let start: number | null = null;
  let end: number | null = null;
  for (const [type, data] of entry?.status?.messages ?? []) {
    const timestamp = (data as { timestamp?: unknown } | null)?.timestamp;
    if (typeof timestamp !== 'number') continue;
    if (type === 'execution_start') start = timestamp;
    else if (ENDS.has(type)) end = timestamp;
  }
  return start !== null && end !== null && end >= start ? (end - start) / 1000 : null;
}
