import { timecode, type FrameRate } from './rational-time';
import type { PlacedClip, Timeline } from './timeline';

/** File-based media has no tape: "AX" (auxiliary source) is the reel every editor accepts for it. */
const REEL = 'AX';

function eventLine(index: number, track: 'V' | 'A', clip: PlacedClip, rate: FrameRate): string {
  const tc = (frames: number) => timecode(frames, rate);
  const source = `${tc(0)} ${tc(clip.duration)}`;
  const record = `${tc(clip.start)} ${tc(clip.start + clip.duration)}`;
  const number = String(index).padStart(3, '0');
  return `${number}  ${REEL.padEnd(8)} ${track.padEnd(5)} C        ${source} ${record}`;
}

/** Comment lines cannot hold line breaks: a description becomes one line. */
function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * A CMX3600 edit decision list: TITLE, FCM: NON-DROP FRAME, then one cut per clip in record order
 * (pictures as V events, sounds as A events), each followed by `* FROM CLIP NAME:` with the media file
 * name and, at a shot's first event, a `* LOC:` marker with its description. Timecode counts the
 * rate's whole timebase, non-drop.
 */
export function writeEdl(timeline: Timeline): string {
  const { rate } = timeline;
  const events = [
    ...timeline.video.map((clip) => ({ clip, track: 'V' as const })),
    ...timeline.audio.map((clip) => ({ clip, track: 'A' as const })),
  ].sort((a, b) => a.clip.start - b.clip.start || (a.track === 'V' ? -1 : 1));
  const marked = new Set<number>();
  const lines = [`TITLE: ${oneLine(timeline.name).slice(0, 70)}`, 'FCM: NON-DROP FRAME', ''];
  events.forEach(({ clip, track }, index) => {
    lines.push(eventLine(index + 1, track, clip, rate));
    lines.push(`* FROM CLIP NAME: ${clip.path.split('/').pop() ?? clip.path}`);
    const marker = timeline.markers.find((m) => m.frame === clip.start);
    if (marker && !marked.has(marker.frame)) {
      marked.add(marker.frame);
      const note = oneLine(marker.note);
      lines.push(
        `* LOC: ${timecode(marker.frame, rate)} GREEN ${oneLine(marker.name)}${note ? `: ${note}` : ''}`,
      );
    }
    lines.push('');
  });
  return lines.join('\n');
}
