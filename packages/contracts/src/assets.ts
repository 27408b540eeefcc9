import { z } from 'zod';
import { ASSET_FILE_TYPES, ASSET_PAGE_SIZE } from './asset-files';
import { Id, IsoDate } from './common';

// The upload rules live in a module without zod (the editor's media fields check files with them).
export {
  ASSET_EXTENSIONS,
  ASSET_FILE_TYPES,
  ASSET_MAX_BYTES,
  ASSET_PAGE_SIZE,
  CONTENT_TYPE_BY_EXTENSION,
  MULTIPART_THRESHOLD_BYTES,
  extensionOf,
} from './asset-files';

/** The kinds of file a user uploads (spec: accepted file types per input). */
export const AssetFileType = /* @__PURE__ */ z.enum(ASSET_FILE_TYPES);
export type AssetFileType = z.infer<typeof AssetFileType>;

export const AssetMetadata = /* @__PURE__ */ z.object({
  node_id: /* @__PURE__ */ z.string().max(200).nullish(),
  item_id: /* @__PURE__ */ z.string().max(200).nullish(),
  uploaded_at: /* @__PURE__ */ z.string().max(100).nullish(),
});
export type AssetMetadata = z.infer<typeof AssetMetadata>;

export const UserAsset = /* @__PURE__ */ z.object({
  _id: /* @__PURE__ */ z.string(),
  id: /* @__PURE__ */ z.string(),
  user_id: /* @__PURE__ */ z.string(),
  filename: /* @__PURE__ */ z.string(),
  /** A stable address of the file in the studio (it redirects to a short-lived storage link). */
  url: /* @__PURE__ */ z.string(),
  file_type: AssetFileType,
  file_size: /* @__PURE__ */ z.number(),
  content_type: /* @__PURE__ */ z.string(),
  /** The image itself, or a video's poster frame; null when none could be made. */
  display_image: /* @__PURE__ */ z.string().nullable(),
  metadata: AssetMetadata,
  created_at: IsoDate,
  updated_at: IsoDate,
});
export type UserAsset = z.infer<typeof UserAsset>;

export const PresignUploadParams = /* @__PURE__ */ z.object({
  userId: Id,
  type: AssetFileType,
  name: /* @__PURE__ */ z.string().trim().min(1).max(255),
});
export const PresignUploadQuery = /* @__PURE__ */ z.object({
  content_type: /* @__PURE__ */ z.string().max(200).optional(),
  file_size: /* @__PURE__ */ z.coerce.number().int().min(1),
});

export const PresignUploadResponse = /* @__PURE__ */ z.object({
  upload_type: /* @__PURE__ */ z.enum(['single', 'multipart']),
  presigned_url: /* @__PURE__ */ z.string().optional(),
  s3_key: /* @__PURE__ */ z.string(),
  final_url: /* @__PURE__ */ z.string(),
  upload_id: /* @__PURE__ */ z.string().optional(),
  bucket: /* @__PURE__ */ z.string(),
  part_size: /* @__PURE__ */ z.number().optional(),
});
export type PresignUploadResponse = z.infer<typeof PresignUploadResponse>;

export const PresignPartQuery = /* @__PURE__ */ z.object({
  bucket: /* @__PURE__ */ z.string().min(1).max(200),
  s3_key: /* @__PURE__ */ z.string().min(1).max(1024),
  upload_id: /* @__PURE__ */ z.string().min(1).max(1024),
  part_number: /* @__PURE__ */ z.coerce.number().int().min(1).max(10_000),
});
export const PresignPartResponse = /* @__PURE__ */ z.object({ presigned_url: /* @__PURE__ */ z.string() });

const CompleteFields = {
  user_id: Id,
  file_type: AssetFileType,
  filename: /* @__PURE__ */ z.string().trim().min(1).max(255),
  s3_key: /* @__PURE__ */ z.string().min(1).max(1024),
  final_url: /* @__PURE__ */ z.string().max(2048).optional(),
  file_size: /* @__PURE__ */ z.coerce.number().int().min(1),
  content_type: /* @__PURE__ */ z.string().max(200).optional(),
  metadata: /* @__PURE__ */ AssetMetadata.optional(),
};
export const CompleteUploadBody = /* @__PURE__ */ z.object(CompleteFields);
export type CompleteUploadBody = z.infer<typeof CompleteUploadBody>;

export const UploadPart = /* @__PURE__ */ z.object({
  ETag: /* @__PURE__ */ z.string().min(1).max(200),
  PartNumber: /* @__PURE__ */ z.number().int().min(1).max(10_000),
});
export const CompleteMultipartBody = /* @__PURE__ */ z.object({
  ...CompleteFields,
  bucket: /* @__PURE__ */ z.string().min(1).max(200),
  upload_id: /* @__PURE__ */ z.string().min(1).max(1024),
  parts: /* @__PURE__ */ z.array(UploadPart).min(1).max(10_000),
});
export type CompleteMultipartBody = z.infer<typeof CompleteMultipartBody>;

export const AbortMultipartBody = /* @__PURE__ */ z.object({
  bucket: /* @__PURE__ */ z.string().min(1).max(200),
  s3_key: /* @__PURE__ */ z.string().min(1).max(1024),
  upload_id: /* @__PURE__ */ z.string().min(1).max(1024),
});

export const UserAssetsQuery = /* @__PURE__ */ z.object({
  limit: /* @__PURE__ */ z.coerce.number().int().min(1).max(100).default(ASSET_PAGE_SIZE),
  offset: /* @__PURE__ */ z.coerce.number().int().min(0).default(0),
  file_type: /* @__PURE__ */ AssetFileType.optional(),
  search: /* @__PURE__ */ z.string().trim().max(200).optional(),
});
export const AssetIdParams = /* @__PURE__ */ z.object({ assetId: Id });
export const AssetOwnerQuery = /* @__PURE__ */ z.object({ user_id: Id });
export const RenameAssetBody = /* @__PURE__ */ z.object({
  filename: /* @__PURE__ */ z.string().max(255),
  user_id: Id,
});

export const StoredFileQuery = /* @__PURE__ */ z.object({ key: /* @__PURE__ */ z.string().min(1).max(1024) });
export const ProxyWorkflowQuery = /* @__PURE__ */ z.object({
  url: /* @__PURE__ */ z.string().min(1).max(4096),
});
