import type { UserAsset } from '@cinegraph/contracts';
import type { AssetRow } from '../services/assets/complete-upload';

/** An asset as the studio's asset browser reads it (`_id` and `id` both, as the spec's clients use either). */
export function presentAsset(row: AssetRow): UserAsset {
  return {
    _id: row.id,
    id: row.id,
    user_id: row.userId,
    filename: row.filename,
    url: row.url,
    file_type: row.fileType,
    file_size: row.fileSize,
    content_type: row.contentType,
    display_image: row.displayImage,
    metadata: row.metadata,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
