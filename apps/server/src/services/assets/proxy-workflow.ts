import { DEFAULT_MAX_WORKFLOW_BYTES } from '@cinegraph/comfy';
import type { Database } from '../../db/client';
import { badRequest, notFound } from '../../http/errors';
import type { Storage } from '../../storage/storage';
import { requireReadableKey } from './file-access';
import { storedFileKey } from './stored-files';

/**
 * The workflow JSON behind one of this deployment's file addresses. Nothing is fetched over the
 * network: the address is mapped to a storage key, checked like any file read, and read from storage
 * directly, so the proxy cannot be pointed at another host (no server-side request forgery). That
 * includes every ComfyUI worker, the shared pool's and the user's own alike: workers are user-given
 * addresses, and the editor's workflow comes back through the studio's upload, never from a worker.
 */
export async function readStoredWorkflow(
  db: Database,
  storage: Storage,
  publicUrl: string,
  userId: string,
  address: string,
): Promise<unknown> {
  const key = storedFileKey(publicUrl, address);
  if (!key) throw badRequest('Only workflow files stored in this studio can be opened.');
  await requireReadableKey(db, userId, key);
  const info = await storage.head(key);
  if (!info) throw notFound('Workflow file not found');
  if (info.size > DEFAULT_MAX_WORKFLOW_BYTES) throw badRequest('The workflow file is too large.');
  const object = await storage.get(key);
  if (!object) throw notFound('Workflow file not found');
  try {
    return JSON.parse(object.body.toString('utf8')) as unknown;
  } catch {
    throw badRequest('The file is not a JSON workflow.');
  }
}
