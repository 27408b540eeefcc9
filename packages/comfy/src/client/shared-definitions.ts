import { createHash } from 'node:crypto';
import type { ObjectInfo } from '../object-info';

/** Distinct `/object_info` answers kept; a studio's workers are a few kinds, each run by many. */
const MAX_KINDS = 8;
const byDigest = new Map<string, ObjectInfo>();

/**
 * One validated object per distinct `/object_info` answer. A pool of identical workers answers the same
 * megabytes, whose validation costs tens of times the reading and hashing: it is done once per kind,
 * and every client of that kind gets the same object (read-only; callers only look things up in it),
 * which lets caches keyed by the definitions (the dispatcher's ready workflows) serve the whole pool.
 */
export function sharedDefinitions(text: string, validate: () => ObjectInfo): ObjectInfo {
  const digest = createHash('sha256').update(text).digest('base64url');
  let definitions = byDigest.get(digest);
  if (!definitions) {
    definitions = validate();
    if (byDigest.size >= MAX_KINDS) byDigest.delete(byDigest.keys().next().value!);
    byDigest.set(digest, definitions);
  }
  return definitions;
}
