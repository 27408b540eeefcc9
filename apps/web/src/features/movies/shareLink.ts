/** The share link as a full address: the server may answer with a path relative to this site. */
export function absoluteShareUrl(shareUrl: string, origin: string): string {
  try {
    return new URL(shareUrl, origin).href;
  } catch {
    return shareUrl;
  }
}
