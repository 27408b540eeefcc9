import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { TIMELINE_FORMATS, type TimelineFormatName } from './formats';
import { readOtioClips } from './otio-read';
import { sampleTimeline } from './test-support/sample-timeline';
import { assertWellFormed } from './test-support/xmllint';

const GOLDEN_DIR = path.join(import.meta.dirname, 'golden');

describe('timeline writers', () => {
  const timeline = sampleTimeline();

  it('lays the sample shots out: stills 3 s, videos their own length, sound cut at the shot end', () => {
    // 23.976: 4.2 s -> 101 frames, 3 s still -> 72, 5 s -> 120, a sound-only shot of 2.5 s -> 60.
    expect(timeline.video.map((clip) => [clip.start, clip.duration, clip.kind])).toEqual([
      [0, 101, 'video'],
      [101, 72, 'image'],
      [173, 120, 'video'],
    ]);
    expect(timeline.audio.map((clip) => [clip.start, clip.duration, clip.mediaDuration])).toEqual([
      [173, 48, 48],
      [293, 60, 60],
    ]);
    expect(timeline.duration).toBe(353);
    expect(timeline.markers.map((marker) => marker.frame)).toEqual([0, 101, 173, 293]);
  });

  for (const [format, { extension, write }] of Object.entries(TIMELINE_FORMATS)) {
    it(`writes ${format} exactly as its golden file`, () => {
      const file = path.join(GOLDEN_DIR, `night-train.${extension}`);
      const written = write(timeline);
      // UPDATE_GOLDEN=1 rewrites the golden files after a deliberate change; review their diff.
      if (process.env.UPDATE_GOLDEN) fs.writeFileSync(file, written);
      expect(written).toBe(fs.readFileSync(file, 'utf8'));
    });
  }

  for (const format of ['fcp7', 'fcpxml'] as TimelineFormatName[]) {
    it(`writes ${format} as well-formed XML (xmllint)`, () => {
      expect(() => assertWellFormed(TIMELINE_FORMATS[format].write(timeline))).not.toThrow();
    });
  }

  it('refuses nothing xmllint would: a malformed document is caught', () => {
    expect(() => assertWellFormed('<xmeml><sequence></xmeml>')).toThrow();
  });

  it('reads the OTIO timeline back clip by clip: track, name, place, length and media path', () => {
    const clips = readOtioClips(TIMELINE_FORMATS.otio.write(timeline));
    expect(clips).toEqual([
      {
        track: 'V1',
        kind: 'Video',
        name: '1-1 Hero enters',
        start: 0,
        duration: 101,
        rate: 24000 / 1001,
        targetUrl: 'media/1-1-Hero%20enters-take1.mp4',
      },
      {
        track: 'V1',
        kind: 'Video',
        name: '1-2 Close up',
        start: 101,
        duration: 72,
        rate: 24000 / 1001,
        targetUrl: 'media/1-2-Close%20up%20%26%20smile-take2.png',
      },
      {
        track: 'V1',
        kind: 'Video',
        name: '1-3 Dialogue',
        start: 173,
        duration: 120,
        rate: 24000 / 1001,
        targetUrl: 'media/1-3-Dialogue-take1.mp4',
      },
      {
        track: 'A1',
        kind: 'Audio',
        name: '1-3 Dialogue',
        start: 173,
        duration: 48,
        rate: 24000 / 1001,
        targetUrl: 'media/1-3-Voice-take1.wav',
      },
      {
        track: 'A1',
        kind: 'Audio',
        name: '2-1 Train whistle',
        start: 293,
        duration: 60,
        rate: 24000 / 1001,
        targetUrl: 'media/2-1-Whistle-take3.mp3',
      },
    ]);
  });

  it('writes the EDL events in record order with clip names and shot markers', () => {
    const lines = TIMELINE_FORMATS.edl.write(timeline).split('\n');
    expect(lines.slice(0, 2)).toEqual(['TITLE: Night Train', 'FCM: NON-DROP FRAME']);
    const events = lines.filter((line) => /^\d{3} {2}/.test(line));
    expect(events).toEqual([
      '001  AX       V     C        00:00:00:00 00:00:04:05 00:00:00:00 00:00:04:05',
      '002  AX       V     C        00:00:00:00 00:00:03:00 00:00:04:05 00:00:07:05',
      '003  AX       V     C        00:00:00:00 00:00:05:00 00:00:07:05 00:00:12:05',
      '004  AX       A     C        00:00:00:00 00:00:02:00 00:00:07:05 00:00:09:05',
      '005  AX       A     C        00:00:00:00 00:00:02:12 00:00:12:05 00:00:14:17',
    ]);
    expect(lines).toContain('* FROM CLIP NAME: 1-2-Close up & smile-take2.png');
    expect(lines).toContain('* LOC: 00:00:12:05 GREEN 2-1 Train whistle: Off screen: the train whistles.');
  });
});
