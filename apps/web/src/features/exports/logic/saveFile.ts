import { DOWNLOAD_MESSAGES, MESSAGES } from '@cinegraph/contracts';
import { ApiError } from '../../../lib/api';

/**
 * Hands a same-origin file address to the browser to save (the session cookie goes along): the page
 * stays, and the browser streams the file to disk however large it is.
 */
export function saveFromUrl(url: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = '';
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}

/**
 * Asks for a file first so a refusal shows the server's detail instead of an error page, then lets
 * the browser save it (the first answer is dropped unread).
 */
export async function saveCheckedFile(url: string): Promise<void> {
  let response: Response;
  try {
    response = await fetch(url, { credentials: 'same-origin' });
  } catch {
    throw new ApiError(DOWNLOAD_MESSAGES.failed, 0);
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { detail?: unknown } | null;
    const detail = typeof body?.detail === 'string' ? body.detail : MESSAGES.requestFailed;
    throw new ApiError(detail, response.status);
  }
  await response.body?.cancel();
  saveFromUrl(url);
}
