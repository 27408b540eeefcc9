import { sql } from 'drizzle-orm';
import { doublePrecision, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { users } from './users';

/** Metadata an upload carries from the studio: which node and item it was dropped on, and when. */
export interface AssetMetadataColumn {
  node_id?: string | null;
  item_id?: string | null;
  uploaded_at?: string | null;
}

/**
 * An upload started with a presigned URL and not completed yet; a row left behind marks an object or a
 * multipart upload that cleanup may remove.
 */
export const uploads = pgTable(
  'uploads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    s3Key: text('s3_key').notNull().unique(),
    uploadId: text('upload_id'),
    fileType: text('file_type', { enum: ['image', 'video', 'audio', 'workflow', 'lora'] }).notNull(),
    filename: text('filename').notNull(),
    contentType: text('content_type').notNull(),
    fileSize: doublePrecision('file_size').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('uploads_user_idx').on(t.userId), index('uploads_created_idx').on(t.createdAt)],
);

/** A file a user uploaded (image, video, audio, workflow, LoRA), kept in storage under `s3_key`. */
export const assets = pgTable(
  'assets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    filename: text('filename').notNull(),
    s3Key: text('s3_key').notNull().unique(),
    url: text('url').notNull(),
    fileType: text('file_type', { enum: ['image', 'video', 'audio', 'workflow', 'lora'] }).notNull(),
    fileSize: doublePrecision('file_size').notNull(),
    contentType: text('content_type').notNull(),
    displayImage: text('display_image'),
    metadata: jsonb('metadata')
      .$type<AssetMetadataColumn>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('assets_user_created_idx').on(t.userId, t.createdAt)],
);
