import { requiredNodeClasses } from '@cinegraph/comfy';
import { storedFileKey } from '../services/assets/stored-files';
import type { Storage } from '../storage/storage';
import { readStoredWorkflow } from './stored-workflows';

/**
 * The node classes a workflow node's jobs need (from its API file, else its UI file), so the claim gives
 * them only to a worker that knows them all. Empty when the file cannot be read: the job then fails at
 * dispatch with the reason, as before.
 */
export async function workflowNodeClasses(
  storage: Storage,
  publicUrl: string,
  node: { workflowLink: string | null; workflowApiLink: string | null },
): Promise<string[]> {
  const link = node.workflowApiLink ?? node.workflowLink;
  const key = link ? storedFileKey(publicUrl, link) : null;
  const file = key ? await readStoredWorkflow(storage, key).catch(() => null) : null;
  return file ? requiredNodeClasses(file.parsed) : [];
}
