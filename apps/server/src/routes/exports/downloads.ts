import { endpoints, fillPath } from '@cinegraph/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { notFound } from '../../http/errors';
import { route, streamRoute } from '../../http/route';
import { downloadReceipt, isDownloadReceipt } from '../../services/exports/download-receipt';
import { markDownloaded, takesToDownload } from '../../services/exports/download-takes';
import { downloadManifest } from '../../services/exports/manifest';
import { movieFileName } from '../../services/exports/movie-export';
import { listShotTakes } from '../../services/exports/movie-takes';
import { takeFiles } from '../../services/exports/take-files';
import type { ZipEntry } from '../../services/exports/zip-stream';
import { requireGenerationOfMember } from '../../services/generations/access';
import { requireMovieMember } from '../../services/movies/access';
import { sendZip } from './attachment';

/** How long the link a take's download redirects to stays valid. */
const TAKE_LINK_SECONDS = 300;

/** Downloads of takes: the Download node's zip (its address, then the zip) and one take's file. */
export function downloadRoutes(app: FastifyInstance, { db, storage, config }: AppDeps): void {
  const { publicUrl } = config;

  route(app, endpoints.downloadGenerations, async ({ params, userId, request }) => {
    await requireMovieMember(db, params.movieId, userId);
    const wanted = { ...params, includeDownloaded: params.downloadDownloaded };
    const files = await takesToDownload(db, storage, publicUrl, wanted);
    const zipPath = fillPath(endpoints.downloadGenerationsZip.path, {
      nodeId: params.nodeId,
      movieId: params.movieId,
      downloadDownloaded: String(params.downloadDownloaded),
    });
    const receipt = downloadReceipt(request.sessionToken!, params);
    return {
      download_url: `${publicUrl.replace(/\/+$/, '')}/api/v1${zipPath}?receipt=${receipt}`,
      count: files.length,
    };
  });

  streamRoute(app, endpoints.downloadGenerationsZip, async ({ params, query, userId, request, reply }) => {
    const movie = await requireMovieMember(db, params.movieId, userId);
    const wanted = { ...params, includeDownloaded: params.downloadDownloaded };
    const files = await takesToDownload(db, storage, publicUrl, wanted);
    const entries: ZipEntry[] = [
      ...files.map((file) => ({ name: file.name, storageKey: file.key, size: file.size })),
      { name: 'manifest.json', bytes: downloadManifest(movie, files) },
    ];
    // Marked once the whole zip has been read (a broken download leaves its takes "new"), and only
    // through the address the studio handed its page: no GET from elsewhere changes anything.
    const ids = isDownloadReceipt(query.receipt, request.sessionToken, params)
      ? files.map((file) => file.take.generation.id)
      : [];
    const name = `${movieFileName(movie.title)} takes.zip`;
    return sendZip(reply, storage, name, entries, () => markDownloaded(db, ids));
  });

  route(app, endpoints.downloadGeneration, async ({ params, userId, reply }) => {
    const generation = await requireGenerationOfMember(db, params.id, userId);
    const takes = await listShotTakes(db, generation.movieId, { workflowNodeId: generation.workflowNodeId });
    const take = takes.filter((t) => t.generation.id === generation.id);
    const [file] = await takeFiles(storage, publicUrl, take);
    if (!file) throw notFound('This take has no file to download.');
    // Marked by the take's download button (a POST): a GET changes nothing.
    const link = await storage.presignGet(file.key, {
      expiresInSeconds: TAKE_LINK_SECONDS,
      downloadName: file.name,
    });
    return reply.header('Cache-Control', 'private, no-store').redirect(link, 302);
  });
}
