import { frameDuration, rationalSeconds, type FrameRate } from './rational-time';
import { mediaUrl, type PlacedClip, type Timeline } from './timeline';
import { el, xmlDocument, type XmlElement } from './xml';

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

/** The picture track as FCPXML's primary storyline: clips end to end, gaps where a shot has only sound. */
function spineItems(timeline: Timeline): SpineItem[] {
  const items: SpineItem[] = [];
  let position = 0;
  for (const clip of timeline.video) {
    if (clip.start > position) items.push({ start: position, duration: clip.start - position });
    items.push({ start: clip.start, duration: clip.duration, clip });
    position = clip.start + clip.duration;
  }
  if (timeline.duration > position) items.push({ start: position, duration: timeline.duration - position });
  return items;
}

/**
 * FCPXML 1.10 for Final Cut Pro and DaVinci Resolve: a format and one asset per media file (a
 * `media-rep` with the relative, percent-encoded path), then library > event > project > sequence >
 * spine. Every time is rational seconds on the sequence's frame grid; videos are `asset-clip`s, stills
 * `video` elements, shots with only sound `gap`s; sound is connected below (lane -1) and each shot's
 * description is a marker.
 */
export function writeFcpxml(timeline: Timeline): string {
  const { rate } = timeline;
  const time = (frames: number) => rationalSeconds(frames, rate);
  const hasStills = timeline.video.some((clip) => clip.kind === 'image');
  const resources: XmlElement[] = [
    el('format', {
      id: 'r1',
      name: formatName(timeline),
      frameDuration: frameDuration(rate),
      width: timeline.width,
      height: timeline.height,
    }),
  ];
  if (hasStills) {
    resources.push(
      el('format', {
        id: 'r2',
        name: 'FFVideoFormatRateUndefined',
        width: timeline.width,
        height: timeline.height,
      }),
    );
  }
  const assetIds = new Map<string, string>();
  for (const clip of [...timeline.video, ...timeline.audio]) {
    if (assetIds.has(clip.mediaId)) continue;
    const id = `r${resources.length + 1}`;
    assetIds.set(clip.mediaId, id);
    resources.push(assetEl(id, clip, rate, hasStills));
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
    if (!item.clip) return el('gap', { name: 'Gap', ...placement }, children);
    const ref = assetIds.get(item.clip.mediaId);
    if (item.clip.kind === 'image') return el('video', { ref, name: item.clip.name, ...placement }, children);
    return el('asset-clip', { ref, name: item.clip.name, ...placement, tcFormat: 'NDF' }, children);
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
  return xmlDocument('fcpxml', el('fcpxml', { version: '1.10' }, [el('resources', {}, resources), library]));
}

function assetEl(id: string, clip: PlacedClip, rate: FrameRate, hasStills: boolean): XmlElement {
  const file = el('media-rep', { kind: 'original-media', src: mediaUrl(clip.path) });
  const common = { id, name: clip.path.split('/').pop(), start: '0s' };
  if (clip.kind === 'audio') {
    const duration = rationalSeconds(clip.mediaDuration, rate);
    const sound = { hasAudio: 1, audioSources: 1, audioChannels: 2, audioRate: 48000 };
    return el('asset', { ...common, duration, ...sound }, [file]);
  }
  // A still has no length of its own: FCPXML gives it a zero duration and a rate-less format.
  const still = clip.kind === 'image';
  const duration = still ? '0s' : rationalSeconds(clip.mediaDuration, rate);
  const format = still && hasStills ? 'r2' : 'r1';
  return el('asset', { ...common, duration, hasVideo: 1, format, videoSources: 1 }, [file]);
}
