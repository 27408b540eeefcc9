import { describe, expect, it } from 'vitest';
import {
  FRAME_RATES,
  framesFromSeconds,
  framesWithin,
  frameDuration,
  isNtsc,
  rationalSeconds,
  timebase,
  timecode,
} from './rational-time';
import { buildTimeline, type ShotEntry } from './timeline';
import { readOtioClips } from './otio-read';
import { writeOtio } from './otio';
import { writeFcpxml } from './fcpxml';

/** Parses FCPXML's "a/bs" into an exact fraction of bigints. */
function parseRational(value: string): [bigint, bigint] {
  const [top, bottom = '1'] = value.replace(/s$/, '').split('/');
  return [BigInt(top!), BigInt(bottom)];
}

describe('rational time', () => {
  it('counts NTSC rates by their whole timebase with the NTSC flag', () => {
    expect(timebase(FRAME_RATES['23.976'])).toBe(24);
    expect(timebase(FRAME_RATES['29.97'])).toBe(30);
    expect(isNtsc(FRAME_RATES['23.976'])).toBe(true);
    expect(isNtsc(FRAME_RATES['25'])).toBe(false);
  });

  it('rounds a held length to the nearest whole frame and keeps at least one frame', () => {
    expect(framesFromSeconds(3, FRAME_RATES['23.976'])).toBe(72);
    expect(framesFromSeconds(4.2, FRAME_RATES['25'])).toBe(105);
    expect(framesFromSeconds(0.001, FRAME_RATES['30'])).toBe(1);
  });

  it("counts a media file's frames rounded down: a clip never asks for a frame past its file's end", () => {
    expect(framesWithin(1.5, FRAME_RATES['23.976'])).toBe(35); // 35.96: the 36th would end at 1.5015 s
    expect(framesWithin(1.5, FRAME_RATES['25'])).toBe(37); // not 38 (1.52 s)
    expect(framesWithin(2, FRAME_RATES['25'])).toBe(50); // exact lengths stay exact
    expect(framesWithin(0.01, FRAME_RATES['24'])).toBe(1);
  });

  it('writes frames as reduced rational seconds on the frame grid', () => {
    expect(rationalSeconds(0, FRAME_RATES['23.976'])).toBe('0s');
    expect(rationalSeconds(1, FRAME_RATES['23.976'])).toBe('1001/24000s');
    expect(rationalSeconds(72, FRAME_RATES['23.976'])).toBe('3003/1000s');
    expect(rationalSeconds(75, FRAME_RATES['25'])).toBe('3s');
    expect(rationalSeconds(45, FRAME_RATES['30'])).toBe('3/2s');
    expect(frameDuration(FRAME_RATES['29.97'])).toBe('1001/30000s');
  });

  it('writes non-drop-frame timecode counting the timebase', () => {
    expect(timecode(0, FRAME_RATES['24'])).toBe('00:00:00:00');
    expect(timecode(86400, FRAME_RATES['23.976'])).toBe('01:00:00:00');
    expect(timecode(107892, FRAME_RATES['29.97'])).toBe('00:59:56:12');
    expect(timecode(25 * 61 + 3, FRAME_RATES['25'])).toBe('00:01:01:03');
  });

  it('lays an hour of 3 s stills at 23.976 end to end without drift', () => {
    const rate = FRAME_RATES['23.976'];
    const shots: ShotEntry[] = Array.from({ length: 1200 }, (_, i) => ({
      name: `shot ${i + 1}`,
      description: '',
      picture: { path: `media/still-${i + 1}.png`, kind: 'image' },
    }));
    const timeline = buildTimeline(shots, { name: 'hour', rate, width: 1920, height: 1080, stillSeconds: 3 });

    // Every clip is exactly 72 frames and starts where the previous one ends: 1200 x 72 = 86400 frames.
    expect(timeline.video.every((clip, i) => clip.duration === 72 && clip.start === i * 72)).toBe(true);
    expect(timeline.duration).toBe(86400);
    expect(timecode(timeline.duration, rate)).toBe('01:00:00:00');
    // 86400 frames of 1001/24000 s are exactly 3603.6 s: the FCPXML duration says so exactly.
    expect(rationalSeconds(timeline.duration, rate)).toBe('18018/5s');

    // The last FCPXML offset, read back as an exact fraction, is a whole number of frames: 86328.
    const offsets = [...writeFcpxml(timeline).matchAll(/<clip [^>]*offset="([^"]+)"/g)].map((m) => m[1]!);
    const [top, bottom] = parseRational(offsets.at(-1)!);
    expect(top * 24000n).toBe(86328n * 1001n * bottom);

    // OTIO read back: the last clip starts at frame 86328 of 24000/1001.
    const last = readOtioClips(writeOtio(timeline)).at(-1)!;
    expect(last.start).toBe(86328);
    expect(last.rate).toBeCloseTo(23.976, 3);
  });
});
