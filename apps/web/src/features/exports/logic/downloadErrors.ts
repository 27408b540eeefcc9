import { DOWNLOAD_MESSAGES, MESSAGES } from '@cinegraph/contracts';
import { ApiError } from '../../../lib/api';

/** A failure the download code itself names (the spec's 'Missing node ID or movie ID', 'No download URL returned'). */
export class DownloadError extends Error {
  override name = 'DownloadError';
}

/** What a failed download says: its own reason, the server's detail, else the spec's 'Download failed'. */
export function downloadErrorMessage(error: unknown): string {
  if (error instanceof DownloadError) return error.message;
  if (error instanceof ApiError && error.status !== 0 && error.message !== MESSAGES.requestFailed) {
    return error.message;
  }
  return DOWNLOAD_MESSAGES.failed;
}

/**
 * Whether a download found nothing to do (no takes marked, or none new since the last download): the
 * server answers 404, but for the creator that is news, not a failure.
 */
export function isNothingToDownload(error: unknown): error is ApiError {
  return (
    error instanceof ApiError &&
    (error.message === DOWNLOAD_MESSAGES.noNewTakes || error.message === DOWNLOAD_MESSAGES.noTakes)
  );
}
