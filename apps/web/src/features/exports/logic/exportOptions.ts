import {
  DEFAULT_STILL_DURATION_SECONDS,
  endpoints,
  EXPORT_RESOLUTIONS,
  type ExportFormat,
  type ExportFrameRate,
} from '@cinegraph/contracts';
import { endpointUrl } from '../../../lib/api';

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

/** The address of the movie's export zip for the dialog's choices. */
export function exportMovieUrl(movieId: string, choices: ExportChoices): string {
  const [width, height] = choices.resolution.split('x').map(Number);
  return endpointUrl(endpoints.exportMovie, {
    params: { movieId },
    query: {
      format: choices.format,
      frame_rate: choices.frameRate,
      width,
      height,
      still_duration: choices.stillDuration,
      workflow_node_id: choices.workflowNodeId || undefined,
    },
  });
}
