/**
 * The Download node's 'Download New' / 'Download All' choice, kept on the node's value as
 * `download_downloaded` (the name the download address gives it) so it survives a reload. Any other
 * field of the value is left as it is.
 */
export function downloadsAll(value: unknown): boolean {
  return isRecord(value) && value.download_downloaded === true;
}

/** The node's value with the choice set. */
export function withDownloadsAll(value: unknown, all: boolean): Record<string, unknown> {
  return { ...(isRecord(value) ? value : {}), download_downloaded: all };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
