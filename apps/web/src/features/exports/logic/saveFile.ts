import { DOWNLOAD_MESSAGES, MESSAGES } from '@cinegraph/contracts';
import { ApiError } from '../../../lib/api';

/**
 * Hands a same-origin file address to the browser to save (the session cookie goes along): the page
 * stays, and the browser streams the file to disk however large it is.
 */
export function saveFromUrl(url: string, name = ''): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}

/**
 * Fetches a file small enough to hold (the shot list, the storyboard) and saves that same answer under
 * the name the server gave it: one request, and a refusal shows the server's detail instead of an
 * error page. Zips go through `saveFromUrl` instead, streamed by the browser.
 */
export async function saveFetchedFile(url: string): Promise<void> {
  let response: Response;
  let file: Blob;
  try {
    response = await fetch(url, { credentials: 'same-origin' });
    if (response.ok) file = await response.blob();
  } catch {
    throw new ApiError(DOWNLOAD_MESSAGES.failed, 0);
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { detail?: unknown } | null;
    const detail = typeof body?.detail === 'string' ? body.detail : MESSAGES.requestFailed;
    throw new ApiError(detail, response.status);
  }
  const address = URL.createObjectURL(file!);
  try {
    saveFromUrl(address, attachmentName(response.headers.get('Content-Disposition')));
  } finally {
    // Let go of the bytes once the browser has surely copied them to the download.
    setTimeout(() => URL.revokeObjectURL(address), 60_000);
  }
}

/** The file name of a `Content-Disposition: attachment` answer: the exact UTF-8 name, else the plain one. */
export function attachmentName(disposition: string | null): string {
  const exact = /filename\*=UTF-8''([^;]+)/i.exec(disposition ?? '')?.[1];
  if (exact) {
    try {
      return decodeURIComponent(exact);
    } catch {
      // A malformed escape: the plain name below.
    }
  }
  return /filename="([^"]*)"/i.exec(disposition ?? '')?.[1] ?? '';
}
