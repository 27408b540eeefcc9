import { timecode } from './rational-time';
import { asciiText } from './text';
import { mediaUrl, trackHoles, type PlacedClip, type Timeline } from './timeline';

/** CMX 3600's limits: 80 columns a line, reel names of at most 8 characters. */
const COLUMNS = 80;
/** File-based media has no tape: "AX" (auxiliary source) is the reel editors accept for it. */
const FILE_REEL = 'AX';
/** CMX 3600's black source: what a track plays where it has no clip. */
const BLACK_REEL = 'BL';

interface EdlEvent {
  reel: string;
  track: 'V' | 'A';
  start: number;
  duration: number;
  comments: string[];
}

/** A line in ASCII within 80 columns (CMX 3600 has no wrapped or non-ASCII lines): `text` is cut to fit. */
function line(prefix: string, text: string): string {
  return `${prefix}${asciiText(text)}`.slice(0, COLUMNS).trimEnd();
}

/** A file as the EDL names it: its relative path, or its URL (ASCII) when the path is not ASCII. */
function filePath(path: string): string {
  return /^[\x20-\x7e]*$/.test(path) ? path : mediaUrl(path);
}

/**
 * A CMX 3600 edit decision list, in ASCII within 80 columns: TITLE, FCM: NON-DROP FRAME, then one cut
 * per clip in record order (pictures on V, sounds on A). Each clip's event names it (`* FROM CLIP NAME:`)
 * and its file, relative to the EDL (`* FROM FILE:`); the shot's marker is a `* LOC:` at the source
 * time of the shot's first frame on its V event. The picture track plays black (reel BL) where a shot
 * has no picture, and the sound track starts with black when its first sound starts later, so every
 * track starts at 00:00:00:00 as readers place it. Timecode counts the rate's whole timebase, non-drop.
 */
export function writeEdl(timeline: Timeline): string {
  const { rate } = timeline;
  const tc = (frames: number) => timecode(frames, rate);
  const markerAt = (frame: number) => {
    const marker = timeline.markers.find((m) => m.frame === frame);
    // The marker sits on the event's first frame: source time 0 of its media.
    return marker ? [line(`* LOC: ${tc(0)} GREEN  `, marker.name)] : [];
  };
  // Only the V track carries markers: one per shot, on the event at its first frame.
  const edlEvent = (reel: string, track: 'V' | 'A', start: number, duration: number, comments: string[]) => ({
    reel,
    track,
    start,
    duration,
    comments: track === 'V' ? [...comments, ...markerAt(start)] : comments,
  });
  const black = (track: 'V' | 'A', start: number, duration: number) =>
    edlEvent(BLACK_REEL, track, start, duration, []);
  const file = (track: 'V' | 'A') => (clip: PlacedClip) =>
    edlEvent(FILE_REEL, track, clip.start, clip.duration, [
      line('* FROM CLIP NAME: ', clip.name),
      `* FROM FILE: ${filePath(clip.path)}`,
    ]);

  // Black where a shot has no picture, one event per shot so that each keeps its marker.
  const shotStarts = timeline.markers.map((marker) => marker.frame);
  const holes = trackHoles(timeline.video, timeline.duration).flatMap(([start, duration]) => {
    const end = start + duration;
    const cuts = [start, ...shotStarts.filter((frame) => frame > start && frame < end), end];
    return cuts.slice(1).map((cut, i) => black('V', cuts[i]!, cut - cuts[i]!));
  });
  const firstSound = timeline.audio[0]?.start ?? 0;
  const lead = firstSound > 0 ? [black('A', 0, firstSound)] : [];
  const pictures = timeline.video.map(file('V'));
  const sounds = timeline.audio.map(file('A'));
  const events: EdlEvent[] = [...pictures, ...holes, ...lead, ...sounds].sort(
    (a, b) => a.start - b.start || (a.track === 'V' ? -1 : 1),
  );

  const lines = [line('TITLE: ', timeline.name), 'FCM: NON-DROP FRAME', ''];
  events.forEach((event, index) => {
    const number = String(index + 1).padStart(3, '0');
    const source = `${tc(0)} ${tc(event.duration)}`;
    const record = `${tc(event.start)} ${tc(event.start + event.duration)}`;
    lines.push(`${number}  ${event.reel.padEnd(8)} ${event.track.padEnd(5)} C        ${source} ${record}`);
    lines.push(...event.comments, '');
  });
  return lines.join('\n');
}
