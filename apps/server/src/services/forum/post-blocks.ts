import {
  FORUM_ERRORS,
  FORUM_NO_DESCRIPTION,
  isStudioApiLink,
  type ForumBlockInput,
} from '@cinegraph/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { assets, type ForumBlockColumn } from '../../db/schema';
import { badRequest } from '../../http/errors';
import { assetFolder } from '../assets/asset-keys';
import { communityFileUrl, studioFileKey } from '../community/community-files';

/** A post's blocks ready to store, the upload folders they publish and the card's image. */
export interface PreparedBlocks {
  blocks: ForumBlockColumn[];
  assetFolders: string[];
  displayImage: string | null;
}

type AssetRow = typeof assets.$inferSelect;

/**
 * Checks and rewrites the creator's blocks: a file of this studio must be one of the author's own
 * uploads and is published under its community address (anyone may read it while the post exists);
 * other links must be http(s) and not this studio's API. The first block is text (spec: 'No
 * description provided.' when empty).
 */
export async function prepareBlocks(
  db: Database,
  publicUrl: string,
  authorId: string,
  input: ForumBlockInput[],
): Promise<PreparedBlocks> {
  const [first, ...rest] = input;
  const startsWithText = first?.type === 'text';
  const text: ForumBlockInput =
    startsWithText && first.value.trim() ? first : { type: 'text', value: FORUM_NO_DESCRIPTION };
  const withText = [text, ...(startsWithText ? rest : input)];

  const keys = withText.flatMap((block) => {
    const link = linkOf(block);
    const key = link === null ? null : studioFileKey(publicUrl, link);
    return key ? [key] : [];
  });
  const owned = await ownAssetsByKey(db, authorId, keys);
  const folders = new Set<string>();
  let displayImage: string | null = null;

  const publish = (link: string, kind: ForumBlockInput['type']): string => {
    const key = studioFileKey(publicUrl, link);
    if (key === null) {
      if (!isHttpUrl(link)) throw badRequest(FORUM_ERRORS.badUrl);
      if (isStudioApiLink(link, publicUrl)) throw badRequest(FORUM_ERRORS.studioLink);
      if (kind === 'image') displayImage ??= link;
      return link;
    }
    const asset = owned.get(key);
    if (!asset) throw badRequest(FORUM_ERRORS.notOwnFile);
    folders.add(assetFolder(key));
    const displayKey = asset.displayImage ? studioFileKey(publicUrl, asset.displayImage) : null;
    if (kind === 'image') displayImage ??= communityFileUrl(displayKey ?? key);
    if (kind === 'video' && displayKey) displayImage ??= communityFileUrl(displayKey);
    return communityFileUrl(key);
  };

  const blocks = withText.map((block): ForumBlockColumn => {
    if (block.type === 'text') return block;
    if (block.type === 'lora' && typeof block.value !== 'string') {
      return { type: 'lora', value: { ...block.value, url: publish(block.value.url, 'lora') } };
    }
    return { type: block.type, value: publish(block.value as string, block.type) };
  });
  return { blocks, assetFolders: [...folders], displayImage };
}

function linkOf(block: ForumBlockInput): string | null {
  if (block.type === 'text') return null;
  if (block.type === 'lora' && typeof block.value !== 'string') return block.value.url;
  return block.value as string;
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

async function ownAssetsByKey(db: Database, userId: string, keys: string[]): Promise<Map<string, AssetRow>> {
  if (keys.length === 0) return new Map();
  const rows = await db
    .select()
    .from(assets)
    .where(and(eq(assets.userId, userId), inArray(assets.s3Key, [...new Set(keys)])));
  return new Map(rows.map((row) => [row.s3Key, row]));
}
