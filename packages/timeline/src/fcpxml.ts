import { frameDuration, rationalSeconds } from './rational-time';
import {
  mediaFileName,
  mediaUrl,
  trackHoles,
  type PlacedClip,
  type TakeSlate,
  type Timeline,
} from './timeline';
import { el, xmlDocument, type XmlElement } from './xml';

/** The version written: the last whose assets carry their file as `src` (1.9 moved it into `media-rep`, which OTIO's adapter does not read). */
export const FCPXML_VERSION = '1.8';

/** Final Cut's own names for the common HD formats; other sizes are described by width and height alone. */
function formatName(timeline: Timeline): string | undefined {
  const { width, height, rate } = timeline;
  if (!((width === 1920 && height === 1080) || (width === 1280 && height === 720))) return undefined;
  const fps = (rate.num / rate.den)
    .toFixed(2)
    .replace(/\.?0+$/, '')
    .replace('.', '');
  return `FFVideoFormat${height}p${fps}`;
}

interface SpineItem {
  start: number;
  duration: number;
  clip?: PlacedClip;
}

/** The picture track as FCPXML's primary storyline: clips end to end, gaps where a shot has no picture. */
function spineItems(timeline: Timeline): SpineItem[] {
  const holes = trackHoles(timeline.video, timeline.duration).map(([start, duration]) => ({
    start,
    duration,
  }));
  const clips = timeline.video.map((clip) => ({ start: clip.start, duration: clip.duration, clip }));
  return [...holes, ...clips].sort((a, b) => a.start - b.start);
}

/**
 * An asset per media file, described as the file is: its relative, percent-encoded `src`, its length,
 * and for sound its channels and sample rate. No `format`: Final Cut reads each file's own, and OTIO's
 * adapter would time the asset's clips in it (a format with the sequence's rate would be false for
 * media of another rate; one with the media's rate is misread by the adapter).
 */
/**
 * The take as Final Cut's Info inspector shows it (Scene, Take, Camera Angle; Take is `studio.shot`).
 * Having a child also lets OTIO's adapter see the asset at all when it asks whether it has video.
 */
function slateEl(slate: TakeSlate | undefined): XmlElement | undefined {
  if (!slate) return undefined;
  const md = (key: string, value: string | undefined) =>
    value ? el('md', { key: `com.apple.proapps.studio.${key}`, value }) : undefined;
  return el('metadata', {}, [md('scene', slate.scene), md('shot', slate.take), md('angle', slate.angle)]);
}

function assetEl(id: string, clip: PlacedClip, timeline: Timeline): XmlElement {
  const { media } = clip;
  const still = clip.kind === 'image';
  const sound = clip.kind === 'audio' || media.sampleRate !== undefined;
  return el(
    'asset',
    {
      id,
      name: mediaFileName(clip.path),
      src: mediaUrl(clip.path),
      start: '0s',
      // A still has no length of its own.
      duration: still ? '0s' : rationalSeconds(clip.mediaDuration, timeline.rate),
      hasVideo: clip.kind === 'audio' ? undefined : 1,
      hasAudio: sound ? 1 : undefined,
      audioSources: sound ? 1 : undefined,
      audioChannels: sound ? media.channels : undefined,
      audioRate: sound ? media.sampleRate : undefined,
    },
    [slateEl(clip.slate)],
  );
}

/**
 * FCPXML 1.8 for Final Cut Pro (10.4.1 and later) and DaVinci Resolve, valid against Apple's DTD of
 * that version: the sequence's format and one asset per media file, then library > event > project >
 * sequence > spine. Every time is rational seconds on the sequence's frame grid; videos are
 * `asset-clip`s, stills a `clip` holding a `video` (as Final Cut writes them), shots without a picture
 * `gap`s; sound is connected below (lane -1) and each shot's description is a marker.
 */
export function writeFcpxml(timeline: Timeline): string {
  const { rate } = timeline;
  const time = (frames: number) => rationalSeconds(frames, rate);
  const resources: XmlElement[] = [
    el('format', {
      id: 'r1',
      name: formatName(timeline),
      frameDuration: frameDuration(rate),
      width: timeline.width,
      height: timeline.height,
    }),
  ];
  const assetIds = new Map<string, string>();
  for (const clip of [...timeline.video, ...timeline.audio]) {
    if (assetIds.has(clip.mediaId)) continue;
    const id = `r${resources.length + 1}`;
    assetIds.set(clip.mediaId, id);
    resources.push(assetEl(id, clip, timeline));
  }

  const spine = spineItems(timeline).map((item) => {
    const end = item.start + item.duration;
    const connected = timeline.audio
      .filter((sound) => sound.start >= item.start && sound.start < end)
      .map((sound) =>
        el('asset-clip', {
          ref: assetIds.get(sound.mediaId),
          lane: -1,
          offset: time(sound.start - item.start),
          name: sound.name,
          duration: time(sound.duration),
          start: '0s',
          audioRole: 'dialogue',
        }),
      );
    const markers = timeline.markers
      .filter((marker) => marker.frame >= item.start && marker.frame < end)
      .map((marker) =>
        el('marker', {
          start: time(marker.frame - item.start),
          duration: frameDuration(rate),
          value: marker.name,
          note: marker.note || undefined,
        }),
      );
    const placement = { offset: time(item.start), duration: time(item.duration), start: '0s' };
    const children = [...connected, ...markers];
    const { clip } = item;
    if (!clip) return el('gap', { name: 'Gap', ...placement }, children);
    const ref = assetIds.get(clip.mediaId);
    if (clip.kind === 'image') {
      const picture = el('video', { ref, offset: '0s', duration: time(item.duration), start: '0s' });
      return el('clip', { name: clip.name, ...placement, tcFormat: 'NDF' }, [picture, ...children]);
    }
    return el('asset-clip', { ref, name: clip.name, ...placement, tcFormat: 'NDF' }, children);
  });

  const sequence = el(
    'sequence',
    {
      format: 'r1',
      duration: time(timeline.duration),
      tcStart: '0s',
      tcFormat: 'NDF',
      audioLayout: 'stereo',
      audioRate: '48k',
    },
    [el('spine', {}, spine)],
  );
  const library = el('library', {}, [
    el('event', { name: timeline.name }, [el('project', { name: timeline.name }, [sequence])]),
  ]);
  return xmlDocument(
    'fcpxml',
    el('fcpxml', { version: FCPXML_VERSION }, [el('resources', {}, resources), library]),
  );
}
