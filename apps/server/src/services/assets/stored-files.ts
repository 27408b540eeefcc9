/** The API path that serves a stored file by key (see routes/assets/files.ts). */
export const STORED_FILE_PATH = '/api/v1/utils/file';

/**
 * The studio's stable address of a stored object. It never expires: reading it checks the session and
 * redirects to a short-lived presigned link, so it can be kept in the database and in node values.
 */
export function storedFileUrl(publicUrl: string, key: string): string {
  return `${publicUrl.replace(/\/+$/, '')}${storedFilePath(key)}`;
}

/**
 * The same address without the host, for files every deployment of one database has (the templates'),
 * so a changed PUBLIC_URL does not break them; `storedFileKey` reads it as this deployment's.
 */
export function storedFilePath(key: string): string {
  return `${STORED_FILE_PATH}?key=${encodeURIComponent(key)}`;
}

/**
 * The storage key behind a stable address of this deployment, or null for any other address (another
 * host, another path). Relative addresses (`/api/v1/utils/file?key=...`) count as this deployment's.
 */
export function storedFileKey(publicUrl: string, address: string): string | null {
  let url: URL;
  let own: URL;
  try {
    own = new URL(publicUrl);
    url = new URL(address, own);
  } catch {
    return null;
  }
  if (url.origin !== own.origin || url.pathname !== STORED_FILE_PATH) return null;
  return url.searchParams.get('key') || null;
}
