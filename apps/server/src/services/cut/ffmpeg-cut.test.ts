import type { CutShot } from '@cinegraph/contracts';
import { describe, expect, it } from 'vitest';
import { segmentArgs, slateText, type SegmentOptions } from './ffmpeg-cut';

const shot = (picture: CutShot['picture'], sound: CutShot['sound']): CutShot => ({
  shot_id: 's',
  scene_id: 'c',
  scene_number: 2,
  shot_number: 4,
  description: 'Gulls lift off the harbour wall as the first boat comes in',
  dialogue: 'Go!',
  duration: null,
  seconds: 2.5,
  picture,
  sound,
});
const video = { generation_id: 'g', kind: 'video' as const, url: 'v', display_image: null, seconds: 4 };
const tone = { generation_id: 'h', kind: 'audio' as const, url: 'a', display_image: null, seconds: 1 };
const options: SegmentOptions = {
  width: 1280,
  height: 720,
  frameRate: '29.97',
  pictureUrl: 'http://s/v.mp4',
  soundUrl: null,
  pictureHasSound: false,
  slateTextFile: null,
  output: '/tmp/shot.mp4',
};
const filterOf = (args: string[]) => args[args.indexOf('-filter_complex') + 1]!;

describe("a shot's segment of the rendered cut", () => {
  it('plays the sound take under the video, else the video’s own sound, else silence', () => {
    const withTake = segmentArgs(shot(video, tone), {
      ...options,
      soundUrl: 'http://s/a.wav',
      pictureHasSound: true,
    });
    expect(withTake).toContain('http://s/a.wav');
    expect(filterOf(withTake)).toContain('[1:a]aresample');
    const ownSound = segmentArgs(shot(video, null), { ...options, pictureHasSound: true });
    expect(filterOf(ownSound)).toContain('[0:a]aresample');
    const silent = segmentArgs(shot(video, null), options);
    expect(silent).toContain('anullsrc=r=48000:cl=stereo');
    expect(filterOf(silent)).toContain('[1:a]aresample');
  });

  it("lasts the shot's length at the NTSC rate exactly, holding a short video's last frame", () => {
    const args = segmentArgs(shot(video, null), options);
    expect(args.slice(args.indexOf('-t'), args.indexOf('-t') + 2)).toEqual(['-t', '2.500']);
    expect(args).toContain('30000/1001');
    expect(filterOf(args)).toContain('tpad=stop_mode=clone:stop_duration=2.500');
  });

  it('draws a slate for a shot without a picture, its text wrapped from a file', () => {
    const args = segmentArgs(shot(null, null), {
      ...options,
      pictureUrl: null,
      slateTextFile: '/tmp/slate.txt',
    });
    expect(args).toContain('color=c=0x111111:s=1280x720:r=30000/1001:d=2.500');
    expect(filterOf(args)).toContain("textfile='/tmp/slate.txt'");
    expect(slateText(shot(null, null))).toBe(
      'Scene 2 · Shot 4\n\nGulls lift off the harbour wall as the first\nboat comes in\n\n“Go!”',
    );
  });
});
