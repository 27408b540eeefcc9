/** One clip of an OpenTimelineIO file, as a reader that knows nothing of how it was written sees it. */
export interface OtioClipReading {
  track: string;
  kind: string;
  name: string;
  /** Position on the track: the sum of the durations of the items before it, in frames. */
  start: number;
  duration: number;
  rate: number;
  targetUrl: string | null;
}

interface OtioItem {
  OTIO_SCHEMA: string;
  name?: string;
  source_range?: { duration: { value: number; rate: number } } | null;
  media_references?: Record<string, { target_url?: string }>;
  active_media_reference_key?: string;
}

interface OtioTrack {
  OTIO_SCHEMA: string;
  name: string;
  kind: string;
  children: OtioItem[];
}

/**
 * Reads the clips of a Timeline.1 document track by track, placing each item after the previous one
 * as OpenTimelineIO does (a track is a sequence; gaps take room). Throws on a document that is not a
 * timeline of tracks.
 */
export function readOtioClips(text: string): OtioClipReading[] {
  const document = JSON.parse(text) as { OTIO_SCHEMA?: string; tracks?: { children?: OtioTrack[] } };
  if (document.OTIO_SCHEMA !== 'Timeline.1') throw new Error('Not an OpenTimelineIO timeline');
  const readings: OtioClipReading[] = [];
  for (const track of document.tracks?.children ?? []) {
    if (track.OTIO_SCHEMA !== 'Track.1') throw new Error(`Unexpected ${track.OTIO_SCHEMA} in the stack`);
    let position = 0;
    for (const item of track.children) {
      const range = item.source_range;
      if (!range) throw new Error(`${item.OTIO_SCHEMA} without a source range`);
      if (item.OTIO_SCHEMA.startsWith('Clip.')) {
        const reference = item.media_references?.[item.active_media_reference_key ?? 'DEFAULT_MEDIA'];
        readings.push({
          track: track.name,
          kind: track.kind,
          name: item.name ?? '',
          start: position,
          duration: range.duration.value,
          rate: range.duration.rate,
          targetUrl: reference?.target_url ?? null,
        });
      }
      position += range.duration.value;
    }
  }
  return readings;
}
