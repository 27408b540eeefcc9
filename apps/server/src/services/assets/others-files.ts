import { UNREADABLE_INPUT_MESSAGE } from './readable-inputs';
import type { Database } from '../../db/client';
import { forbidden } from '../../http/errors';
import { isPublishedFolder } from '../community/community-files';
import { sharesAssetInMovie } from './shared-asset-access';

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const SLASH = '(?:/|%2F)';
/** An upload's folder as a movie may mention it: raw or URL-encoded, as `sharesAssetInMovie` matches. */
const UPLOAD_FOLDER = new RegExp(`users${SLASH}(${UUID})${SLASH}assets${SLASH}(${UUID})${SLASH}`, 'gi');

/** The folders of other users' uploads that `text` mentions, with their owners. */
export function othersUploadFolders(text: string, userId: string): { owner: string; folder: string }[] {
  const found = new Map<string, string>();
  for (const [, owner, asset] of text.matchAll(UPLOAD_FOLDER)) {
    const ownerId = owner!.toLowerCase();
    if (ownerId !== userId) found.set(`users/${ownerId}/assets/${asset!.toLowerCase()}/`, ownerId);
  }
  return [...found].map(([folder, owner]) => ({ folder, owner }));
}

/**
 * Refuses a write that mentions another user's upload the writer may not read. A movie lets its members
 * read an upload its owner (a member) uses in it, so mentioning one is how a member would otherwise
 * give themselves its bytes: only the owner puts a file there, and members who already read it (it is
 * used in a movie they share with the owner, or published in the owner's forum post) may copy it on.
 */
export async function assertOthersFilesReadable(db: Database, userId: string, text: string): Promise<void> {
  for (const { owner, folder } of othersUploadFolders(text, userId)) {
    if (await sharesAssetInMovie(db, userId, owner, folder)) continue;
    if (await isPublishedFolder(db, owner, folder)) continue;
    throw forbidden(`${UNREADABLE_INPUT_MESSAGE}.`);
  }
}
