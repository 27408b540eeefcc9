import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { TIMELINE_FORMATS, type TimelineFormatName } from './formats';
import { readOtioClips } from './otio-read';
import { FRAME_RATES } from './rational-time';
import { peersMissing, validateFcpxml } from './test-support/peers';
import { SAMPLE_SETTINGS, SAMPLE_SHOTS, sampleTimeline } from './test-support/sample-timeline';
import { buildTimeline } from './timeline';
import { assertWellFormed } from './test-support/xmllint';

const GOLDEN_DIR = path.join(import.meta.dirname, 'golden');

describe('timeline writers', () => {
  const timeline = sampleTimeline();

  it('lays the sample shots out: stills 3 s, videos their whole frames, sound cut at the shot end, a slate', () => {
    // 23.976: 4.2 s -> 100 frames (100.7 rounded down: never past the file's end), 3 s still -> 72,
    // 5 s -> 119, a sound-only shot of 2.5 s -> 59, then the take-less shot as a 3 s slate (72).
    expect(timeline.video.map((clip) => [clip.start, clip.duration, clip.kind])).toEqual([
      [0, 100, 'video'],
      [100, 72, 'image'],
      [172, 119, 'video'],
    ]);
    expect(timeline.audio.map((clip) => [clip.start, clip.duration, clip.mediaDuration])).toEqual([
      [172, 47, 47],
      [291, 59, 59],
    ]);
    expect(timeline.duration).toBe(422);
    expect(timeline.markers.map((marker) => marker.frame)).toEqual([0, 100, 172, 291, 350]);
  });

  it("holds a still or a slate for its shot's own duration when the shot has one", () => {
    const shots = SAMPLE_SHOTS.map((shot) => ({ ...shot, seconds: 2 }));
    const held = buildTimeline(shots, { ...SAMPLE_SETTINGS, rate: FRAME_RATES['25'] });
    expect(held.video[1]!.duration).toBe(50);
    expect(held.duration - held.markers.at(-1)!.frame).toBe(50);
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
    const rate = 24000 / 1001;
    expect(clips.map((c) => [c.track, c.name, c.start, c.duration, c.targetUrl])).toEqual([
      ['V1', '1-1 Hero enters', 0, 100, 'media/1-1-Hero%20enters-take1.mp4'],
      ['V1', '1-2 Close up', 100, 72, 'media/1-2-Close%20up%20%26%20smile-take2.png'],
      ['V1', '1-3 Dialogue', 172, 119, 'media/1-3-Dialogue-take1.mp4'],
      ['A1', '1-3 Dialogue', 172, 47, 'media/1-3-Voice-take1.wav'],
      ['A1', '2-1 Train whistle', 291, 59, 'media/2-1-Whistle-take3.mp3'],
    ]);
    expect(clips.every((c) => c.rate === rate)).toBe(true);
  });

  it('writes the EDL in record order: black where a track has no clip, names, files and source-time markers', () => {
    const lines = TIMELINE_FORMATS.edl.write(timeline).split('\n');
    expect(lines.slice(0, 2)).toEqual(['TITLE: Night Train', 'FCM: NON-DROP FRAME']);
    const events = lines.filter((line) => /^\d{3} {2}/.test(line));
    expect(events).toEqual([
      '001  AX       V     C        00:00:00:00 00:00:04:04 00:00:00:00 00:00:04:04',
      '002  BL       A     C        00:00:00:00 00:00:07:04 00:00:00:00 00:00:07:04',
      '003  AX       V     C        00:00:00:00 00:00:03:00 00:00:04:04 00:00:07:04',
      '004  AX       V     C        00:00:00:00 00:00:04:23 00:00:07:04 00:00:12:03',
      '005  AX       A     C        00:00:00:00 00:00:01:23 00:00:07:04 00:00:09:03',
      '006  BL       V     C        00:00:00:00 00:00:02:11 00:00:12:03 00:00:14:14',
      '007  AX       A     C        00:00:00:00 00:00:02:11 00:00:12:03 00:00:14:14',
      '008  BL       V     C        00:00:00:00 00:00:03:00 00:00:14:14 00:00:17:14',
    ]);
    expect(lines).toContain('* FROM CLIP NAME: 1-2 Close up');
    expect(lines).toContain('* FROM FILE: media/1-2-Close up & smile-take2.png');
    expect(lines).toContain('* LOC: 00:00:00:00 GREEN  2-2 Empty');
  });

  it.skipIf(peersMissing)(
    `writes FCPXML valid against Apple's DTD of its version${peersMissing ? ` (skipped: ${peersMissing})` : ''}`,
    () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fcpxml-'));
      const file = path.join(dir, 'night-train.fcpxml');
      fs.writeFileSync(file, TIMELINE_FORMATS.fcpxml.write(timeline));
      expect(() => validateFcpxml(file)).not.toThrow();
      // And the check itself refuses what the DTD forbids: a still written straight into the spine.
      fs.writeFileSync(file, TIMELINE_FORMATS.fcpxml.write(timeline).replace(/<clip name="[^"]*"/, '<still'));
      expect(() => validateFcpxml(file)).toThrow();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  );
});
