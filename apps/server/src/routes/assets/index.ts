import { endpoints as ep, STUDIO_PAGE_ONLY } from '@cinegraph/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { readRoute, route } from '../../http/route';
import { requireStudioHeader } from '../../http/studio-request';
import { presentAsset } from '../../presenters/assets';
import { deleteAsset, listAssets, renameAsset } from '../../services/assets/assets';
import { completeMultipartUpload, completeSingleUpload } from '../../services/assets/complete-upload';
import { abortUpload, presignUploadPart, startUpload } from '../../services/assets/uploads';
import { storedFileRoutes } from './files';

/** Uploads straight to storage and the user's assets (spec: assets and uploads). */
export function assetRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db, storage } = deps;
  const publicUrl = deps.config.publicUrl;

  // A GET by the spec that reserves storage: only the studio's page may ask (see requireStudioHeader).
  route(app, ep.presignUpload, async ({ params, query, request }) => {
    requireStudioHeader(request, STUDIO_PAGE_ONLY);
    return startUpload(db, storage, publicUrl, deps.config.tierLimits, {
      userId: params.userId,
      fileType: params.type,
      filename: params.name,
      contentType: query.content_type,
      fileSize: query.file_size,
    });
  });

  // Asked for once per part while the previous part uploads: one query, a compiled serializer.
  readRoute(app, ep.presignUploadPart, async ({ query, sessionToken }) => ({
    presigned_url: await presignUploadPart(db, storage, sessionToken, query),
  }));

  route(app, ep.completeUpload, async ({ body, userId }) =>
    presentAsset(await completeSingleUpload(db, storage, publicUrl, userId, body)),
  );

  route(app, ep.completeMultipartUpload, async ({ body, userId }) =>
    presentAsset(await completeMultipartUpload(db, storage, publicUrl, userId, body)),
  );

  route(app, ep.abortMultipartUpload, async ({ body, userId }) => {
    await abortUpload(db, storage, userId, body);
    return { message: 'Upload aborted' };
  });

  route(app, ep.listUserAssets, async ({ params, query }) => {
    const rows = await listAssets(db, params.userId, {
      limit: query.limit,
      offset: query.offset,
      fileType: query.file_type,
      search: query.search || undefined,
    });
    return rows.map(presentAsset);
  });

  route(app, ep.deleteUserAsset, async ({ params, userId }) => {
    await deleteAsset(db, storage, userId, params.assetId);
    return { message: 'Asset deleted' };
  });

  for (const endpoint of [ep.renameUserAsset, ep.replaceUserAssetName]) {
    route(app, endpoint, async ({ params, body, userId }) =>
      presentAsset(await renameAsset(db, userId, params.assetId, body.filename)),
    );
  }

  storedFileRoutes(app, deps);
}
