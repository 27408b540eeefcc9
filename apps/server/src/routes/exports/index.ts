import { PassThrough } from 'node:stream';
import { DEFAULT_STILL_DURATION_SECONDS, endpoints, fillPath } from '@cinegraph/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppDeps } from '../../app';
import { notFound } from '../../http/errors';
import { route, streamRoute } from '../../http/route';
import { requireGenerationOfMember } from '../../services/generations/access';
import { markDownloaded, takesToDownload } from '../../services/exports/download-takes';
import { downloadManifest } from '../../services/exports/manifest';
import { movieExportEntries, movieFileName } from '../../services/exports/movie-export';
import { takeFiles } from '../../services/exports/take-files';
import { zipStream, type ZipEntry } from '../../services/exports/zip-stream';
import { requireMovieMember } from '../../services/movies/access';
import type { Storage } from '../../storage/storage';
import { listShotTakes } from '../../services/exports/movie-takes';
import { sendAttachment } from './attachment';

/** How long the link a take's download redirects to stays valid. */
const TAKE_LINK_SECONDS = 300;

async function sendZip(
  reply: FastifyReply,
  storage: Storage,
  name: string,
  entries: ZipEntry[],
  beforeLastByte?: () => Promise<void>,
) {
  const zip = await zipStream(storage, entries, (error) => {
    // The headers are gone already: all that is left is to cut the download, which the browser reports.
    reply.log.error(`Zip ${name} failed: ${error.message}`);
    reply.raw.destroy(error);
  });
  // The zip's end waits for `beforeLastByte`: a download cut short never gets there.
  const body = beforeLastByte
    ? zip.stream.pipe(new PassThrough({ flush: (done) => void beforeLastByte().then(() => done(), done) }))
    : zip.stream;
  return sendAttachment(reply, { body, name, contentType: 'application/zip', size: zip.size });
}

/** Downloads of takes (the Download node's zip, one take) and the movie's export as a timeline. */
export function exportRoutes(app: FastifyInstance, { db, storage, config }: AppDeps): void {
  const { publicUrl } = config;

  route(app, endpoints.downloadGenerations, async ({ params, userId }) => {
    await requireMovieMember(db, params.movieId, userId);
    const request = { ...params, includeDownloaded: params.downloadDownloaded };
    const files = await takesToDownload(db, storage, publicUrl, request);
    const zipPath = fillPath(endpoints.downloadGenerationsZip.path, {
      nodeId: params.nodeId,
      movieId: params.movieId,
      downloadDownloaded: String(params.downloadDownloaded),
    });
    return { download_url: `${publicUrl.replace(/\/+$/, '')}/api/v1${zipPath}`, count: files.length };
  });

  streamRoute(app, endpoints.downloadGenerationsZip, async ({ params, userId, reply }) => {
    const movie = await requireMovieMember(db, params.movieId, userId);
    const request = { ...params, includeDownloaded: params.downloadDownloaded };
    const files = await takesToDownload(db, storage, publicUrl, request);
    const entries: ZipEntry[] = [
      ...files.map((file) => ({ name: file.name, storageKey: file.key, size: file.size })),
      { name: 'manifest.json', bytes: downloadManifest(movie, files) },
    ];
    // Marked once the whole zip has been read: a broken download leaves its takes "new".
    const ids = files.map((file) => file.take.generation.id);
    const name = `${movieFileName(movie.title)} takes.zip`;
    return sendZip(reply, storage, name, entries, () => markDownloaded(db, ids));
  });

  route(app, endpoints.downloadGeneration, async ({ params, userId, reply }) => {
    const generation = await requireGenerationOfMember(db, params.id, userId);
    const takes = await listShotTakes(db, generation.movieId, { workflowNodeId: generation.workflowNodeId });
    const take = takes.filter((t) => t.generation.id === generation.id);
    const [file] = await takeFiles(storage, publicUrl, take);
    if (!file) throw notFound('This take has no file to download.');
    await markDownloaded(db, [generation.id]);
    const link = await storage.presignGet(file.key, {
      expiresInSeconds: TAKE_LINK_SECONDS,
      downloadName: file.name,
    });
    return reply.header('Cache-Control', 'private, no-store').redirect(link, 302);
  });

  streamRoute(app, endpoints.exportMovie, async ({ params, query, userId, reply }) => {
    const movie = await requireMovieMember(db, params.movieId, userId);
    const entries = await movieExportEntries(db, storage, publicUrl, movie, {
      format: query.format,
      frameRate: query.frame_rate,
      width: query.width,
      height: query.height,
      stillSeconds: query.still_duration ?? DEFAULT_STILL_DURATION_SECONDS,
      workflowNodeId: query.workflow_node_id,
    });
    return sendZip(reply, storage, `${movieFileName(movie.title)} ${query.format}.zip`, entries);
  });
}
