import { framesFromSeconds, type FrameRate } from './rational-time';

export type MediaKind = 'video' | 'image' | 'audio';

/** One take to put on the timeline: where its file lies beside the timeline file, and how long it runs. */
export interface TakeMedia {
  /** Relative path inside the export, e.g. "media/1-2-Close up-3.mp4" (written percent-encoded). */
  path: string;
  kind: MediaKind;
  /** Length of a video or audio take; images take the still duration. */
  seconds?: number;
}

/** One shot of the movie in scene and shot order, with the take chosen for it. */
export interface ShotEntry {
  /** The clip name editors show, e.g. "1-2 Close up". */
  name: string;
  /** The shot description, written as a marker at the shot's start. */
  description: string;
  /** The picture of the shot: a video or image take. */
  picture?: TakeMedia;
  /** A sound take of the shot, laid on the audio track from the shot's start. */
  sound?: TakeMedia;
}

export interface TimelineSettings {
  name: string;
  rate: FrameRate;
  width: number;
  height: number;
  /** How long a still image stays on screen (the movie's setting, 3 s by default). */
  stillSeconds: number;
  /** Length of a video or audio take whose duration is unknown. */
  fallbackSeconds?: number;
}

/** A clip placed on a track: it starts at `start` on the record side and plays `duration` frames from the media's first frame. */
export interface PlacedClip {
  /** Unique per timeline, e.g. "clip-1". */
  id: string;
  /** Shared by every clip of the same media file, e.g. "media-1". */
  mediaId: string;
  name: string;
  path: string;
  kind: MediaKind;
  start: number;
  duration: number;
  /** Frames the media file holds (a still holds as many as it is shown). */
  mediaDuration: number;
}

export interface Marker {
  frame: number;
  name: string;
  note: string;
}

/** A movie laid out on the frame grid: one picture track, one sound track, one marker per shot. */
export interface Timeline extends Omit<TimelineSettings, 'stillSeconds' | 'fallbackSeconds'> {
  duration: number;
  video: PlacedClip[];
  audio: PlacedClip[];
  markers: Marker[];
}

export const DEFAULT_STILL_SECONDS = 3;

/**
 * Lays the shots end to end on the picture track. A shot lasts as long as its picture (a still the
 * still duration, a video its own length), or as its sound when it has no picture; its sound starts with
 * it and is cut at the shot's end. A shot with neither is left out.
 */
export function buildTimeline(shots: ShotEntry[], settings: TimelineSettings): Timeline {
  const { rate } = settings;
  const fallback = settings.fallbackSeconds ?? settings.stillSeconds;
  const lengthOf = (media: TakeMedia) =>
    framesFromSeconds(media.kind === 'image' ? settings.stillSeconds : (media.seconds ?? fallback), rate);
  const mediaIds = new Map<string, string>();
  const mediaIdOf = (path: string) => {
    if (!mediaIds.has(path)) mediaIds.set(path, `media-${mediaIds.size + 1}`);
    return mediaIds.get(path)!;
  };
  const video: PlacedClip[] = [];
  const audio: PlacedClip[] = [];
  const markers: Marker[] = [];
  let clipCount = 0;
  const place = (media: TakeMedia, name: string, start: number, duration: number, mediaDuration: number) => {
    clipCount += 1;
    const clip = { id: `clip-${clipCount}`, mediaId: mediaIdOf(media.path), name, path: media.path };
    return { ...clip, kind: media.kind, start, duration, mediaDuration };
  };

  let position = 0;
  for (const shot of shots) {
    const pictureLength = shot.picture && lengthOf(shot.picture);
    const soundLength = shot.sound && lengthOf(shot.sound);
    const length = pictureLength ?? soundLength;
    if (!length) continue;
    if (shot.picture) video.push(place(shot.picture, shot.name, position, length, length));
    if (shot.sound && soundLength) {
      audio.push(place(shot.sound, shot.name, position, Math.min(length, soundLength), soundLength));
    }
    markers.push({ frame: position, name: shot.name, note: shot.description });
    position += length;
  }
  const { name, width, height } = settings;
  return { name, rate, width, height, duration: position, video, audio, markers };
}

/** A relative media path as a URL path: each segment percent-encoded ("media/1-1-Close%20up-2.mp4"). */
export function mediaUrl(path: string): string {
  return path.split('/').map(encodeURIComponent).join('/');
}
