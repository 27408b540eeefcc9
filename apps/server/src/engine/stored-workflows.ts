import { parseWorkflow, type ParsedWorkflow } from '@cinegraph/comfy';
import type { Storage } from '../storage/storage';

/** A workflow file as stored: parsed, and as JSON the way the editor saved it (kept in takes). */
export interface StoredWorkflow {
  parsed: ParsedWorkflow;
  json: unknown;
}

/** Files kept parsed; a studio runs few workflows at a time, each a few hundred kB at most. */
const MAX_REMEMBERED = 200;
const byKey = new Map<string, Promise<StoredWorkflow | null>>();

/**
 * A stored workflow file, read and parsed once per storage key: workflow files are never rewritten (an
 * upload gets a new folder), so every job of a node shares one parse. Null when the file is missing (not
 * remembered, so a file stored a moment later is found); parse errors reject, also unremembered. The
 * result is shared: callers copy before they change anything (fillPrompt does).
 */
export function readStoredWorkflow(storage: Storage, key: string): Promise<StoredWorkflow | null> {
  let read = byKey.get(key);
  if (!read) {
    read = readFile(storage, key);
    byKey.set(key, read);
    const forget = () => byKey.get(key) === read && byKey.delete(key);
    read.then((file) => file ?? forget(), forget);
    const oldest = byKey.keys().next();
    if (byKey.size > MAX_REMEMBERED && !oldest.done) byKey.delete(oldest.value);
  }
  return read;
}

async function readFile(storage: Storage, key: string): Promise<StoredWorkflow | null> {
  const file = await storage.get(key);
  if (!file) return null;
  const text = file.body.toString('utf8');
  return { parsed: parseWorkflow(text), json: JSON.parse(text) as unknown };
}
