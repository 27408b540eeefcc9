import { framesFromSeconds, framesWithin, type FrameRate } from './rational-time';

export type MediaKind = 'video' | 'image' | 'audio';

/** What a media file is, as probed (ffprobe, else its container header); unknown facts are left out. */
export interface MediaFacts {
  /** Length of a video or audio file. */
  seconds?: number;
  width?: number;
  height?: number;
  /** A video's own frame rate. */
  rate?: FrameRate;
  /** Sound: samples per second, channels and bits per sample. */
  sampleRate?: number;
  channels?: number;
  bitDepth?: number;
}

/** Which take a file is, as a camera slate says it: scene and shot ("1-2"), take number, camera angle. */
export interface TakeSlate {
  scene: string;
  take: string;
  angle?: string;
}

/** One take to put on the timeline: where its file lies beside the timeline file, and what it holds. */
export interface TakeMedia extends MediaFacts {
  /** Relative path inside the export, e.g. "media/1-2-Close up-3.mp4" (written percent-encoded in URLs). */
  path: string;
  kind: MediaKind;
  slate?: TakeSlate;
}

/** One shot of the movie in scene and shot order, with the takes chosen for it (or none yet). */
export interface ShotEntry {
  /** The clip name editors show, e.g. "1-2 Close up". */
  name: string;
  /** The shot description, written as a marker at the shot's start. */
  description: string;
  /** The picture of the shot: a video or image take. */
  picture?: TakeMedia;
  /** A sound take of the shot, laid on the audio track from the shot's start. */
  sound?: TakeMedia;
  /**
   * How long the shot holds when its length is not its media's: a still, or a slate (no take yet).
   * Unset: the export's still duration.
   */
  seconds?: number;
}

export interface TimelineSettings {
  name: string;
  rate: FrameRate;
  width: number;
  height: number;
  /** How long a still image or a slate stays on screen when its shot says nothing (3 s by default). */
  stillSeconds: number;
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
  /** Frames the media file holds at the timeline's rate (a still holds as many as it is shown). */
  mediaDuration: number;
  /** The file as probed. */
  media: MediaFacts;
  slate?: TakeSlate;
}

export interface Marker {
  frame: number;
  name: string;
  note: string;
}

/** A movie laid out on the frame grid: one picture track, one sound track, one marker per shot. */
export interface Timeline extends Omit<TimelineSettings, 'stillSeconds'> {
  duration: number;
  video: PlacedClip[];
  audio: PlacedClip[];
  markers: Marker[];
}

export const DEFAULT_STILL_SECONDS = 3;

/**
 * Lays the shots end to end. A shot lasts as long as its picture (a video the whole frames its file
 * holds, a still the shot's duration), else its sound; a shot with no take yet is a slate: a hole of
 * the shot's duration on every track, keeping its marker, so the cut keeps the storyboard's pacing.
 * A shot's sound starts with it and is cut at the shot's end.
 */
export function buildTimeline(shots: ShotEntry[], settings: TimelineSettings): Timeline {
  const { rate } = settings;
  const mediaIds = new Map<string, string>();
  const mediaIdOf = (path: string) => {
    if (!mediaIds.has(path)) mediaIds.set(path, `media-${mediaIds.size + 1}`);
    return mediaIds.get(path)!;
  };
  const video: PlacedClip[] = [];
  const audio: PlacedClip[] = [];
  const markers: Marker[] = [];
  const place = (media: TakeMedia, name: string, start: number, duration: number, mediaDuration: number) => {
    const id = `clip-${video.length + audio.length + 1}`;
    const { path, kind, slate, ...facts } = media;
    const placed = { id, mediaId: mediaIdOf(path), name, path, kind, start, duration, mediaDuration };
    return { ...placed, media: facts, slate };
  };

  let position = 0;
  for (const shot of shots) {
    const held = framesFromSeconds(shot.seconds ?? settings.stillSeconds, rate);
    // A file of unknown length plays as long as a still would.
    const lengthOf = (media: TakeMedia) =>
      media.kind === 'image' || media.seconds === undefined ? held : framesWithin(media.seconds, rate);
    const pictureLength = shot.picture && lengthOf(shot.picture);
    const soundLength = shot.sound && lengthOf(shot.sound);
    const length = pictureLength ?? soundLength ?? held;
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

/** The file name of a media path ("media/a.png" -> "a.png"). */
export function mediaFileName(path: string): string {
  return path.split('/').pop() ?? path;
}

/**
 * The holes of a track between 0 and `end`: where no clip lies (a slate, or a shot without a take on
 * this track), as [start, duration] pairs in order.
 */
export function trackHoles(clips: PlacedClip[], end: number): [number, number][] {
  const holes: [number, number][] = [];
  let position = 0;
  for (const clip of clips) {
    if (clip.start > position) holes.push([position, clip.start - position]);
    position = Math.max(position, clip.start + clip.duration);
  }
  if (end > position) holes.push([position, end - position]);
  return holes;
}
