import type { Database } from '../../db/client';
import { badRequest } from '../../http/errors';
import type { Storage } from '../../storage/storage';
import { storedFileKey, storedFilePath } from '../assets/stored-files';
import { requireReadableKey } from '../assets/file-access';

/** A workflow's two files as text (null where the source has none). */
export interface WorkflowTexts {
  ui: string | null;
  api: string | null;
}

/** Reads the files behind a pair of stable addresses, checking the user may read each. */
export async function readWorkflowTexts(
  db: Database,
  storage: Storage,
  publicUrl: string,
  userId: string,
  links: { link: string | null; apiLink: string | null },
): Promise<WorkflowTexts> {
  const read = async (address: string | null) => {
    if (!address) return null;
    const key = storedFileKey(publicUrl, address);
    if (!key) throw badRequest('The workflow file is not stored in this studio.');
    await requireReadableKey(db, userId, key);
    const object = await storage.get(key);
    if (!object) throw badRequest('The workflow file is missing from storage.');
    return object.body.toString('utf8');
  };
  return { ui: await read(links.link), api: await read(links.apiLink) };
}

/** Writes the texts under `folder` and returns their stable addresses (relative: see storedFilePath). */
export async function writeWorkflowTexts(
  storage: Storage,
  folder: string,
  texts: WorkflowTexts,
): Promise<{ link: string | null; apiLink: string | null }> {
  const write = async (text: string | null, name: string) => {
    if (text === null) return null;
    const key = `${folder}${name}`;
    await storage.put(key, Buffer.from(text, 'utf8'), 'application/json');
    return storedFilePath(key);
  };
  return {
    link: await write(texts.ui, 'workflow.json'),
    apiLink: await write(texts.api, 'workflow_api.json'),
  };
}
