/** A film of the theatre (spec: id, title, director, duration, year, thumbnail, video link or iframe url). */
export interface Film {
  id: string;
  title: string;
  /** The director's handle, e.g. @mara.frames. */
  director: string;
  /** As shown on the card, e.g. 0:06. */
  duration: string;
  year: number;
  thumbnail: string;
  /** A video page link (its 11-character id is embedded) or a video file of this site. */
  videoLink?: string;
  /** An external page shown in the player instead. */
  iframeUrl?: string;
}

export type FilmSource =
  | { kind: 'embed'; url: string }
  | { kind: 'file'; url: string }
  | { kind: 'page'; url: string }
  | { kind: 'none' };

/** Spec: the video id taken from a link must be exactly 11 characters. */
export const VIDEO_ID_LENGTH = 11;
const VIDEO_FILE = /\.(webm|mp4|ogg|ogv|mov)(\?.*)?$/i;

/**
 * The id of a video-sharing link (watch?v=, youtu.be/, /embed/, /shorts/, /live/), or null when the link
 * has none or it is not exactly 11 characters of [A-Za-z0-9_-].
 */
export function videoIdOf(link: string): string | null {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return null;
  }
  const host = url.hostname.replace(/^(www|m)\./, '');
  let id: string | null = null;
  if (host === 'youtu.be') id = url.pathname.split('/')[1] ?? null;
  else if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    const [, first, second] = url.pathname.split('/');
    id =
      first === 'watch'
        ? url.searchParams.get('v')
        : ['embed', 'shorts', 'live'].includes(first ?? '')
          ? (second ?? null)
          : null;
  }
  return id !== null && id.length === VIDEO_ID_LENGTH && /^[A-Za-z0-9_-]+$/.test(id) ? id : null;
}

/** What the modal player shows for a film: an embedded video (autoplay), a video file, or a page. */
export function filmSource(film: Film): FilmSource {
  if (film.iframeUrl && /^https?:\/\//i.test(film.iframeUrl)) return { kind: 'page', url: film.iframeUrl };
  if (!film.videoLink) return { kind: 'none' };
  const id = videoIdOf(film.videoLink);
  if (id) return { kind: 'embed', url: `https://www.youtube-nocookie.com/embed/${id}?autoplay=1` };
  if (
    VIDEO_FILE.test(film.videoLink) &&
    (film.videoLink.startsWith('/') || /^https?:\/\//i.test(film.videoLink))
  ) {
    return { kind: 'file', url: film.videoLink };
  }
  return { kind: 'none' };
}
