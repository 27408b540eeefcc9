import type { Database } from '../../db/client';
import { forbidden } from '../../http/errors';
import { requireReadableMovie } from '../movies/access';
import { sharesAssetInMovie } from './shared-asset-access';
import { SHARED_WORKFLOW_PREFIX } from './shared-keys';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether the user may read the stored object at `key`, decided by where it lives: their own uploads,
 * another member's uploads used in a movie they share, the files of movies they are a member of (or a
 * template's), and shared workflows (public to signed-in users). Throws 403 (or the movie's 404)
 * otherwise.
 */
export async function requireReadableKey(db: Database, userId: string, key: string): Promise<void> {
  const segments = key.split('/');
  if (segments.some((s) => s === '' || s === '.' || s === '..')) throw forbidden();
  const [area, owner] = segments;
  if (area === 'users' && owner === userId) return;
  // An uploaded file used in a movie is read by the movie's other members (e.g. a primitive's image).
  if (area === 'users' && owner && UUID.test(owner) && segments[2] === 'assets' && segments.length === 5) {
    const folder = `${segments.slice(0, 4).join('/')}/`;
    if (await sharesAssetInMovie(db, userId, owner, folder)) return;
  }
  if (area === 'movies' && owner && UUID.test(owner)) {
    await requireReadableMovie(db, owner, userId);
    return;
  }
  if (`${area}/` === SHARED_WORKFLOW_PREFIX && segments.length > 2) return;
  throw forbidden('You do not have access to this file.');
}
