import { endpoints, fillPath } from '@cinegraph/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { route, streamRoute } from '../../http/route';
import { movieExportCount, movieExportEntries, movieFileName } from '../../services/exports/movie-export';
import { shotListCsv } from '../../services/exports/shot-list-csv';
import { shotListRows } from '../../services/exports/shot-rows';
import { renderStoryboardPdf } from '../../services/exports/storyboard-pdf';
import { takeThumbnail } from '../../services/exports/take-thumbnails';
import { requireMovieMember } from '../../services/movies/access';
import { sendAttachment, sendZip } from './attachment';
import { downloadRoutes } from './downloads';

/** Takes out of the studio: downloads, the movie as a timeline, the shot list and the storyboard. */
export function exportRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db, storage, config } = deps;
  const { publicUrl } = config;
  downloadRoutes(app, deps);

  route(app, endpoints.exportMovieLink, async ({ params, query, userId }) => {
    const movie = await requireMovieMember(db, params.movieId, userId);
    const count = await movieExportCount(db, storage, publicUrl, movie, query.workflow_node_id);
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) if (value !== undefined) search.set(key, String(value));
    const zipPath = `${fillPath(endpoints.exportMovie.path, params)}?${search}`;
    return { download_url: `${publicUrl.replace(/\/+$/, '')}/api/v1${zipPath}`, count };
  });

  streamRoute(app, endpoints.exportMovie, async ({ params, query, userId, reply }) => {
    const movie = await requireMovieMember(db, params.movieId, userId);
    const entries = await movieExportEntries(db, storage, publicUrl, movie, {
      format: query.format,
      frameRate: query.frame_rate,
      width: query.width,
      height: query.height,
      stillSeconds: query.still_duration ?? movie.stillDuration,
      workflowNodeId: query.workflow_node_id,
    });
    return sendZip(reply, storage, `${movieFileName(movie.title)} ${query.format}.zip`, entries);
  });

  streamRoute(app, endpoints.exportShotList, async ({ params, query, userId, reply }) => {
    const movie = await requireMovieMember(db, params.movieId, userId);
    const rows = await shotListRows(db, storage, publicUrl, movie.id, {
      stillSeconds: movie.stillDuration,
      workflowNodeId: query.workflow_node_id,
    });
    const name = `${movieFileName(movie.title)} shot list.csv`;
    // The byte order mark makes spreadsheet applications read the file as UTF-8.
    const body = `\uFEFF${shotListCsv(rows)}`;
    return sendAttachment(reply, { body, name, contentType: 'text/csv; charset=utf-8' });
  });

  streamRoute(app, endpoints.exportStoryboard, async ({ params, query, userId, reply }) => {
    const movie = await requireMovieMember(db, params.movieId, userId);
    const rows = await shotListRows(db, storage, publicUrl, movie.id, {
      stillSeconds: movie.stillDuration,
      workflowNodeId: query.workflow_node_id,
    });
    const withPictures = [];
    for (const row of rows) {
      const thumbnail = row.picture ? await takeThumbnail(storage, publicUrl, row.picture) : null;
      withPictures.push({ ...row, thumbnail });
    }
    const pdf = await renderStoryboardPdf(movie.title, withPictures);
    const name = `${movieFileName(movie.title)} storyboard.pdf`;
    return sendAttachment(reply, { body: pdf, name, contentType: 'application/pdf', size: pdf.length });
  });
}
