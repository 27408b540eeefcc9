import type { AssetFileType } from '@cinegraph/contracts';
import { and, desc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { assets } from '../../db/schema';
import { badRequest, forbidden, notFound } from '../../http/errors';
import type { Storage } from '../../storage/storage';
import { assetFolder } from './asset-keys';
import type { AssetRow } from './complete-upload';
import { extensionOf } from '@cinegraph/contracts';
import { cleanDisplayName } from './file-rules';

export interface AssetFilter {
  limit: number;
  offset: number;
  fileType?: AssetFileType;
  search?: string;
}

/** The user's assets, newest first; `search` matches the filename case-insensitively. */
export async function listAssets(db: Database, userId: string, filter: AssetFilter): Promise<AssetRow[]> {
  const where: SQL[] = [eq(assets.userId, userId)];
  if (filter.fileType) where.push(eq(assets.fileType, filter.fileType));
  if (filter.search) where.push(ilike(assets.filename, `%${escapeLike(filter.search)}%`));
  return db
    .select()
    .from(assets)
    .where(and(...where))
    .orderBy(desc(assets.createdAt), desc(assets.id))
    .limit(filter.limit)
    .offset(filter.offset);
}

/** `%` and `_` typed by the user are literal characters, not wildcards. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** One of the user's assets (404 when it does not exist, 403 when it is someone else's). */
export async function requireOwnAsset(db: Database, userId: string, assetId: string): Promise<AssetRow> {
  const [row] = await db.select().from(assets).where(eq(assets.id, assetId));
  if (!row) throw notFound('Asset not found');
  if (row.userId !== userId) throw forbidden('This file belongs to someone else.');
  return row;
}

/** Deletes the asset and everything stored in its folder (the file and its poster frame). */
export async function deleteAsset(db: Database, storage: Storage, userId: string, assetId: string) {
  const row = await requireOwnAsset(db, userId, assetId);
  await db.delete(assets).where(eq(assets.id, row.id));
  await storage.deletePrefix(assetFolder(row.s3Key));
}

/**
 * Renames an asset; the extension always stays (spec: rename keeps the extension), so 'holiday' for
 * 'beach.png' becomes 'holiday.png'. The stored object keeps its key.
 */
export async function renameAsset(
  db: Database,
  userId: string,
  assetId: string,
  filename: string,
): Promise<AssetRow> {
  const row = await requireOwnAsset(db, userId, assetId);
  const renamed = keepExtension(row.filename, filename);
  const [updated] = await db
    .update(assets)
    .set({ filename: renamed, updatedAt: new Date() })
    .where(eq(assets.id, row.id))
    .returning();
  return updated!;
}

export function keepExtension(current: string, wanted: string): string {
  // The extension exactly as the file has it; a new name that repeats it (in any case) is not doubled.
  const ext = extensionOf(current);
  const suffix = ext ? current.slice(current.length - ext.length - 1) : '';
  const name = cleanDisplayName(wanted);
  const repeats = suffix && name.toLowerCase().endsWith(suffix.toLowerCase());
  const stem = repeats ? name.slice(0, -suffix.length) : name;
  if (!stem.trim()) throw badRequest('The file name cannot be empty.');
  return `${stem.trim().slice(0, 255 - suffix.length)}${suffix}`;
}

/** The bytes a user's assets take in storage (for the account page). */
export async function userStorageBytes(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<string | null>`sum(${assets.fileSize})` })
    .from(assets)
    .where(eq(assets.userId, userId));
  return Number(row?.total ?? 0);
}
