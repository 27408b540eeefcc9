import { z } from 'zod';
import { Id } from './common';

/** The timeline formats of the movie export, by the name `?format=` takes, with what the dialog shows. */
export const EXPORT_FORMATS = {
  fcp7: 'Final Cut Pro 7 XML (Premiere Pro, DaVinci Resolve)',
  fcpxml: 'FCPXML 1.8 (Final Cut Pro, DaVinci Resolve)',
  otio: 'OpenTimelineIO',
  edl: 'CMX3600 EDL',
} as const;
export type ExportFormat = keyof typeof EXPORT_FORMATS;
export const ExportFormat = /* @__PURE__ */ z.enum(
  /* @__PURE__ */ Object.keys(EXPORT_FORMATS) as [ExportFormat, ...ExportFormat[]],
);

export const EXPORT_FRAME_RATES = ['23.976', '24', '25', '29.97', '30'] as const;
export const ExportFrameRate = /* @__PURE__ */ z.enum(EXPORT_FRAME_RATES);
export type ExportFrameRate = z.infer<typeof ExportFrameRate>;

/** The resolutions the export dialog offers; the sequence is set to it, the takes are not scaled. */
export const EXPORT_RESOLUTIONS = ['1920x1080', '1280x720', '3840x2160', '1080x1920', '1024x1024'] as const;

/** How long a still take stays on the timeline unless the movie says otherwise (spec of the export). */
export const DEFAULT_STILL_DURATION_SECONDS = 3;
export const MIN_STILL_DURATION_SECONDS = 0.5;
export const MAX_STILL_DURATION_SECONDS = 60;

const Dimension = /* @__PURE__ */ z.coerce.number().int().min(16).max(8192);

/** `GET v1/export/movie/{movieId}`: the timeline and its media as one zip. */
export const ExportMovieQuery = /* @__PURE__ */ z.object({
  format: ExportFormat,
  frame_rate: /* @__PURE__ */ ExportFrameRate.default('24'),
  width: /* @__PURE__ */ Dimension.default(1920),
  height: /* @__PURE__ */ Dimension.default(1080),
  /** Seconds a still stays on screen; the movie's setting when left out. */
  still_duration: /* @__PURE__ */ z.coerce
    .number()
    .min(MIN_STILL_DURATION_SECONDS)
    .max(MAX_STILL_DURATION_SECONDS)
    .optional(),
  /** Only the takes of this workflow node; every workflow's when left out. */
  workflow_node_id: /* @__PURE__ */ Id.optional(),
});
export type ExportMovieQuery = z.input<typeof ExportMovieQuery>;
export const ExportMovieParams = /* @__PURE__ */ z.object({ movieId: Id });
/** The shot list and storyboard list the takes the export would ("Takes from" a workflow node, or all). */
export const ShotListQuery = /* @__PURE__ */ z.object({ workflow_node_id: /* @__PURE__ */ Id.optional() });

export const DownloadGenerationsParams = /* @__PURE__ */ z.object({
  nodeId: Id,
  movieId: Id,
  /** 'true': every take (Download All); 'false': only takes not downloaded before (Download New). */
  downloadDownloaded: /* @__PURE__ */ z.enum(['true', 'false']).transform((value) => value === 'true'),
});
export const DownloadGenerationsResponse = /* @__PURE__ */ z.object({
  download_url: /* @__PURE__ */ z.string(),
  /** How many takes the zip holds. */
  count: /* @__PURE__ */ z.number(),
});
export type DownloadGenerationsResponse = z.infer<typeof DownloadGenerationsResponse>;
/**
 * `receipt`: in the address the studio hands its own page; only with it does the zip mark its takes
 * downloaded, so a link or an image elsewhere pointing at the zip changes nothing.
 */
export const DownloadZipQuery = /* @__PURE__ */ z.object({
  receipt: /* @__PURE__ */ z.string().max(100).optional(),
});

/** A zip, CSV or PDF answer: the bytes themselves, described here for the API docs. */
export const FileResponse = /* @__PURE__ */ z
  .string()
  .describe('The file itself (binary), sent as an attachment');

/** Messages of downloads and exports, from the spec's error catalogue and the server. */
export const DOWNLOAD_MESSAGES = {
  missingIds: 'Missing node ID or movie ID',
  noUrl: 'No download URL returned',
  failed: 'Download failed',
  notDownloadNode: 'Only a Download node downloads takes.',
  nothingConnected: 'Connect a workflow node to this Download node first.',
  noTakes: 'No takes to download: mark the takes you want as "Use as input" first.',
  noNewTakes: 'No new takes to download: every take marked "Use as input" was downloaded before.',
  noTakeFile: 'This take has no file to download.',
  noExportTakes: 'No shot of this movie has a successful take to export yet.',
} as const;
