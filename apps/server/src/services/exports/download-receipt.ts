import { createHmac, timingSafeEqual } from 'node:crypto';

interface Zip {
  movieId: string;
  nodeId: string;
}

/**
 * The receipt in the address of a Download node's zip: keyed with the session that asked for the
 * address, which no other site can read, so only a zip fetched through that address marks its takes
 * downloaded; a link or an image elsewhere pointing at the zip (with the victim's cookie) changes nothing.
 */
export function downloadReceipt(sessionToken: string, zip: Zip): string {
  return createHmac('sha256', sessionToken).update(`${zip.movieId}:${zip.nodeId}`).digest('base64url');
}

export function isDownloadReceipt(
  receipt: string | undefined,
  sessionToken: string | null,
  zip: Zip,
): boolean {
  if (!receipt || !sessionToken) return false;
  const expected = Buffer.from(downloadReceipt(sessionToken, zip));
  const given = Buffer.from(receipt);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
