import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { forumPosts, generations, movies } from '../../db/schema';
import { forbidden } from '../../http/errors';
import { assetFolder } from '../assets/asset-keys';
import { storedFileKey } from '../assets/stored-files';

/** The API path that serves files the community may read (forum attachments, curated takes). */
export const COMMUNITY_FILE_PATH = '/api/v1/community/file';

/** The public address of a stored file the community may read; relative, so it survives a new PUBLIC_URL. */
export function communityFileUrl(key: string): string {
  return `${COMMUNITY_FILE_PATH}?key=${encodeURIComponent(key)}`;
}

/** The storage key behind a studio address (stable file address or community address), else null. */
export function studioFileKey(publicUrl: string, address: string): string | null {
  const stored = storedFileKey(publicUrl, address);
  if (stored) return stored;
  let url: URL;
  try {
    const own = new URL(publicUrl);
    url = new URL(address, own);
    if (url.origin !== own.origin) return null;
  } catch {
    return null;
  }
  return url.pathname === COMMUNITY_FILE_PATH ? url.searchParams.get('key') || null : null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Anyone may read a file only when its owner published it: an upload a forum post of the uploader
 * attaches (`users/{owner}/assets/{id}/...`, its display copy alike), or the output of a take marked
 * use-as-input in a movie whose members share takes with the community (`movies/{movieId}/...`).
 */
export async function requireCommunityReadableKey(db: Database, key: string): Promise<void> {
  const segments = key.split('/');
  if (segments.some((s) => s === '' || s === '.' || s === '..')) throw forbidden();
  const [area, owner] = segments;
  if (area === 'users' && owner && UUID.test(owner) && segments[2] === 'assets' && segments.length === 5) {
    if (await isPublishedFolder(db, owner, assetFolder(key))) return;
  }
  if (area === 'movies' && owner && UUID.test(owner) && (await isCuratedOutput(db, owner, key))) return;
  throw forbidden('This file is not shared with the community.');
}

/** Whether a post of the upload's owner attaches the upload at `folder` (its file and display copy). */
export async function isPublishedFolder(db: Database, owner: string, folder: string): Promise<boolean> {
  const [post] = await db
    .select({ id: forumPosts.id })
    .from(forumPosts)
    .where(
      and(
        eq(forumPosts.userId, owner),
        sql`${forumPosts.assetFolders} @> ${JSON.stringify([folder])}::jsonb`,
      ),
    )
    .limit(1);
  return post !== undefined;
}

async function isCuratedOutput(db: Database, movieId: string, key: string): Promise<boolean> {
  const encoded = encodeURIComponent(key);
  const output = sql`coalesce(${generations.output}::text, '')`;
  const [take] = await db
    .select({ id: generations.id })
    .from(generations)
    .innerJoin(movies, eq(movies.id, generations.movieId))
    .where(
      and(
        eq(generations.movieId, movieId),
        eq(generations.useAsInput, true),
        eq(movies.shareTakesWithCommunity, true),
        sql`${generations.output}->>'type' <> 'audio'`,
        sql`(position(${key} in ${output}) > 0 or position(${encoded} in ${output}) > 0)`,
      ),
    )
    .limit(1);
  return take !== undefined;
}
