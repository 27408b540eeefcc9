import { ratePerSecond, type FrameRate } from './rational-time';
import { mediaFileName, mediaUrl, trackHoles, type PlacedClip, type Timeline } from './timeline';

type Json = Record<string, unknown>;

function rationalTime(frames: number, rate: FrameRate): Json {
  return { OTIO_SCHEMA: 'RationalTime.1', rate: ratePerSecond(rate), value: frames };
}

function timeRange(start: number, duration: number, rate: FrameRate): Json {
  return {
    OTIO_SCHEMA: 'TimeRange.1',
    duration: rationalTime(duration, rate),
    start_time: rationalTime(start, rate),
  };
}

function gap(duration: number, rate: FrameRate): Json {
  const range = timeRange(0, duration, rate);
  return {
    OTIO_SCHEMA: 'Gap.1',
    metadata: {},
    name: '',
    source_range: range,
    effects: [],
    markers: [],
    enabled: true,
  };
}

function clip(placed: PlacedClip, rate: FrameRate): Json {
  return {
    OTIO_SCHEMA: 'Clip.2',
    metadata: { cinegraph: { kind: placed.kind } },
    name: placed.name,
    source_range: timeRange(0, placed.duration, rate),
    effects: [],
    markers: [],
    enabled: true,
    media_references: {
      DEFAULT_MEDIA: {
        OTIO_SCHEMA: 'ExternalReference.1',
        metadata: {},
        name: mediaFileName(placed.path),
        available_range: timeRange(0, placed.mediaDuration, rate),
        available_image_bounds: null,
        target_url: mediaUrl(placed.path),
      },
    },
    active_media_reference_key: 'DEFAULT_MEDIA',
  };
}

/** A track's children from 0 to the timeline's end: clips at their positions, gaps filling the holes. */
function trackChildren(clips: PlacedClip[], end: number, rate: FrameRate): Json[] {
  const holes = trackHoles(clips, end).map(([start, duration]) => ({ start, item: gap(duration, rate) }));
  const placed = clips.map((c) => ({ start: c.start, item: clip(c, rate) }));
  return [...holes, ...placed].sort((a, b) => a.start - b.start).map(({ item }) => item);
}

function track(name: string, kind: 'Video' | 'Audio', clips: PlacedClip[], timeline: Timeline): Json {
  const children = trackChildren(clips, timeline.duration, timeline.rate);
  return {
    OTIO_SCHEMA: 'Track.1',
    metadata: {},
    name,
    source_range: null,
    effects: [],
    markers: [],
    enabled: true,
    children,
    kind,
  };
}

/**
 * OpenTimelineIO JSON: Timeline.1 > Stack.1 > a Video and an Audio Track.1 of Clip.2 (its
 * ExternalReference.1 pointing at the relative media path) and Gap.1; times are RationalTime.1 in frames
 * at the sequence rate; each shot's description is a Marker.2 on the stack.
 */
export function writeOtio(timeline: Timeline): string {
  const { rate } = timeline;
  const markers = timeline.markers.map((marker) => ({
    OTIO_SCHEMA: 'Marker.2',
    metadata: { cinegraph: { note: marker.note } },
    name: marker.name,
    color: 'GREEN',
    marked_range: timeRange(marker.frame, 0, rate),
  }));
  const document = {
    OTIO_SCHEMA: 'Timeline.1',
    metadata: { cinegraph: { width: timeline.width, height: timeline.height } },
    name: timeline.name,
    global_start_time: rationalTime(0, rate),
    tracks: {
      OTIO_SCHEMA: 'Stack.1',
      metadata: {},
      name: 'tracks',
      source_range: null,
      effects: [],
      markers,
      enabled: true,
      children: [
        track('V1', 'Video', timeline.video, timeline),
        track('A1', 'Audio', timeline.audio, timeline),
      ],
    },
  };
  return `${JSON.stringify(document, null, 2)}\n`;
}
