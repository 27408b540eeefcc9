import { DOWNLOAD_MESSAGES, endpoints } from '@cinegraph/contracts';
import { apiCall } from '../../../lib/api';
import { DownloadError } from './downloadErrors';
import { saveFromUrl } from './saveFile';

/**
 * The Download node's action: asks for the zip of the connected workflow's use-as-input takes (all,
 * or only those not downloaded before) and lets the browser save it. Returns how many takes it holds.
 */
export async function downloadNodeTakes(
  nodeId: string | undefined,
  movieId: string | undefined,
  includeDownloaded: boolean,
): Promise<number> {
  if (!nodeId || !movieId) throw new DownloadError(DOWNLOAD_MESSAGES.missingIds);
  const result = await apiCall(endpoints.downloadGenerations, {
    params: { nodeId, movieId, downloadDownloaded: String(includeDownloaded) as 'true' | 'false' },
  });
  if (!result?.download_url) throw new DownloadError(DOWNLOAD_MESSAGES.noUrl);
  saveFromUrl(result.download_url);
  return result.count;
}
