import {
  DEFAULT_STILL_DURATION_SECONDS,
  DOWNLOAD_MESSAGES,
  endpoints,
  EXPORT_RESOLUTIONS,
  type ExportFormat,
  type ExportFrameRate,
  type ExportMovieQuery,
} from '@cinegraph/contracts';
import { apiCall } from '../../../lib/api';
import { DownloadError } from './downloadErrors';
import { saveFromUrl } from './saveFile';

export interface ExportChoices {
  format: ExportFormat;
  frameRate: ExportFrameRate;
  resolution: (typeof EXPORT_RESOLUTIONS)[number];
  stillDuration: number;
  /** Only the takes of this workflow node; every workflow's when empty. */
  workflowNodeId: string;
}

export const DEFAULT_EXPORT_CHOICES: ExportChoices = {
  format: 'fcp7',
  frameRate: '24',
  resolution: '1920x1080',
  stillDuration: DEFAULT_STILL_DURATION_SECONDS,
  workflowNodeId: '',
};

/** The export's query for the dialog's choices. */
export function exportMovieQuery(choices: ExportChoices): ExportMovieQuery {
  const [width, height] = choices.resolution.split('x').map(Number);
  return {
    format: choices.format,
    frame_rate: choices.frameRate,
    width,
    height,
    still_duration: choices.stillDuration,
    workflow_node_id: choices.workflowNodeId || undefined,
  };
}

/**
 * The dialog's Export: asks for the zip's address (checked by the server without preparing the
 * timeline, so a refusal shows its detail), then lets the browser fetch and save it: the export is
 * prepared once, and streamed to disk however large. Returns how many takes it holds.
 */
export async function saveMovieExport(movieId: string, choices: ExportChoices): Promise<number> {
  const link = await apiCall(endpoints.exportMovieLink, {
    params: { movieId },
    query: exportMovieQuery(choices),
  });
  if (!link?.download_url) throw new DownloadError(DOWNLOAD_MESSAGES.noUrl);
  saveFromUrl(link.download_url);
  return link.count;
}
