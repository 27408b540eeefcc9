import { parseWorkflow, requiredNodeClasses } from '@cinegraph/comfy';
import { storedFileKey } from '../services/assets/stored-files';
import type { Storage } from '../storage/storage';

/** Workflow files are never rewritten (a new upload gets a new folder): their classes are kept by key. */
const MAX_REMEMBERED = 500;
const classesByKey = new Map<string, Promise<string[]>>();

/**
 * The node classes a workflow node's jobs need (from its API file, else its UI file), so the claim gives
 * them only to a worker that knows them all. Empty when the file cannot be read: the job then fails at
 * dispatch with the reason, as before.
 */
export function workflowNodeClasses(
  storage: Storage,
  publicUrl: string,
  node: { workflowLink: string | null; workflowApiLink: string | null },
): Promise<string[]> {
  const link = node.workflowApiLink ?? node.workflowLink;
  const key = link ? storedFileKey(publicUrl, link) : null;
  if (!key) return Promise.resolve([]);
  let classes = classesByKey.get(key);
  if (!classes) {
    classes = readClasses(storage, key);
    classesByKey.set(key, classes);
    const oldest = classesByKey.keys().next();
    if (classesByKey.size > MAX_REMEMBERED && !oldest.done) classesByKey.delete(oldest.value);
  }
  return classes;
}

async function readClasses(storage: Storage, key: string): Promise<string[]> {
  try {
    const file = await storage.get(key);
    if (!file) throw new Error('missing');
    return requiredNodeClasses(parseWorkflow(file.body.toString('utf8')));
  } catch {
    // Not remembered: a file written a moment later (or readable again) is read next time.
    classesByKey.delete(key);
    return [];
  }
}
