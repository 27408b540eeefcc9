import type { WorkflowInputs } from '@cinegraph/contracts';
import type { Database } from '../../db/client';
import { HttpError } from '../../http/errors';
import { requireReadableKey } from './file-access';
import { storedFileKey } from './stored-files';

/** The spec-style detail of a generation that names a file its requester may not read. */
export const UNREADABLE_INPUT_MESSAGE = 'An input uses a file you do not have access to';

/**
 * Whether `userId` may read the stored file at `key`, by the same rule as `GET v1/utils/file`: a
 * generation must never carry someone else's file to a worker because its address was pasted in.
 */
export async function canReadStoredFile(db: Database, userId: string | null, key: string): Promise<boolean> {
  if (!userId) return false;
  try {
    await requireReadableKey(db, userId, key);
    return true;
  } catch (error) {
    if (error instanceof HttpError && (error.statusCode === 403 || error.statusCode === 404)) return false;
    throw error;
  }
}

/** The storage keys behind every address of this studio found in the inputs (also inside LoRA objects). */
export function storedFileKeysIn(publicUrl: string, inputs: WorkflowInputs): string[] {
  const keys = new Set<string>();
  const visit = (value: unknown): void => {
    if (typeof value === 'string') {
      const key = storedFileKey(publicUrl, value);
      if (key) keys.add(key);
    } else if (Array.isArray(value)) value.forEach(visit);
    else if (value && typeof value === 'object') Object.values(value).forEach(visit);
  };
  visit(inputs);
  return [...keys];
}

/** Refuses (400, naming the file) inputs that use a stored file the user may not read. */
export async function assertInputFilesReadable(
  db: Database,
  publicUrl: string,
  userId: string,
  inputs: WorkflowInputs[],
): Promise<void> {
  const keys = new Set(inputs.flatMap((each) => storedFileKeysIn(publicUrl, each)));
  for (const key of keys) {
    if (!(await canReadStoredFile(db, userId, key))) {
      throw new HttpError(400, `${UNREADABLE_INPUT_MESSAGE}: ${key.split('/').pop()}`);
    }
  }
}
