import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { peersMissing, readWithOtio, validateFcpxml, type PeerReading } from '@cinegraph/timeline/peers';
import { xpath } from '@cinegraph/timeline/xmllint';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { movies, shots } from '../../db/schema';
import { generationMovie, type GenerationMovie } from '../../engine/engine-test-support';
import { addTake, unzipToFolder } from '../../services/exports/exports-test-support';
import type { TestApp } from '../../test/test-app';
import { startListeningTestApp } from '../assets/listening-test-app';

/*
 * Every format exported at every rate from a movie of a video, a still with sound, a sound-only shot
 * and a shot without a take, named with accents, CJK and emoji, then read back by the real readers:
 * OpenTimelineIO 0.18.1's own adapters (FCP 7 XML, FCPXML, CMX 3600) and Apple's FCPXML DTD.
 */
const hasFfmpeg = spawnSync('ffmpeg', ['-version'], { stdio: 'ignore' }).status === 0;
const skipped = peersMissing ?? (hasFfmpeg ? null : 'no ffmpeg to make the takes');
const RATES = ['24', '23.976', '25', '29.97'] as const;
const FORMATS = { fcp7: 'xml', fcpxml: 'fcpxml', otio: 'otio', edl: 'edl' } as const;
type Format = keyof typeof FORMATS;
const FPS = { '24': 24, '23.976': 24000 / 1001, '25': 25, '29.97': 30000 / 1001 };

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'readers-'));
function ffmpeg(args: string[], name: string): Buffer {
  const file = path.join(dir, name);
  execFileSync('ffmpeg', ['-nostdin', '-v', 'error', ...args, file]);
  return fs.readFileSync(file);
}
// Described as they are: a 1.5 s VP8 video at 8 fps, a 1.25 s mono WAV at 22,050 Hz, a 512x288 PNG.
const VIDEO = () =>
  ffmpeg(['-f', 'lavfi', '-i', 'color=c=navy:s=64x36:r=8:d=1.5', '-c:v', 'libvpx'], 'v.webm');
const SOUND = () => ffmpeg(['-f', 'lavfi', '-i', 'sine=f=440:d=1.25:sample_rate=22050'], 's.wav');
const STILL = () => ffmpeg(['-f', 'lavfi', '-i', 'color=c=red:s=512x288', '-frames:v', '1'], 'p.png');

// The emoji straddles the 120th UTF-16 unit of the first clip name: a UTF-16 cut would leave half of it.
const HEAD =
  'Café au lait on the pier, Zoë waits for the night train while the rain falls falls falls falls falls falls falls fa';
const DESCRIPTIONS = [
  `${HEAD}🚉 and more`,
  'Zoë — 夜の駅 🚉 a still',
  'Off screen: the train whistles 🚂',
  'No take yet: the end',
];
// The clip names editors show (cut at 120 characters as users count them) and in the EDL's ASCII.
const NAMES = [`1-1 ${HEAD}🚉`, '1-2 Zoë — 夜の駅 🚉 a still', '1-3 Off screen: the train whistles 🚂'];
const EDL_NAMES = [
  '1-1 Cafe au lait on the pier, Zoe waits for the night train wh',
  '1-2 Zoe a still',
  '1-3 Off screen: the train whistles',
];
// Frames per rate: the video's 1.5 s rounded down (never longer than its file), the still's 3 s, the sound's 1.25 s rounded down.
const FRAMES = {
  '24': { video: 36, still: 72, sound: 30 },
  '23.976': { video: 35, still: 72, sound: 29 },
  '25': { video: 37, still: 75, sound: 31 },
  '29.97': { video: 44, still: 90, sound: 37 },
};

let t: TestApp;
let m: GenerationMovie;
const bytes: Record<string, Buffer> = {};
const exported: Record<string, { folder: string; file: string; text: string; reading: PeerReading }> = {};

beforeAll(async () => {
  if (skipped) return;
  t = await startListeningTestApp();
  m = await generationMovie(t);
  await t.db.update(movies).set({ title: 'Nuit à la gare 🚉 — ночь' }).where(eq(movies.id, m.movieId));
  const [first] = await t.db.select().from(shots).where(eq(shots.id, m.shotIds[0]!));
  const added = await t.db
    .insert(shots)
    .values([2, 3].map((index) => ({ movieId: m.movieId, sceneId: first!.sceneId, index, description: '' })))
    .returning();
  const ids = [...m.shotIds, ...added.map((s) => s.id)];
  for (const [i, id] of ids.entries()) {
    await t.db.update(shots).set({ description: DESCRIPTIONS[i]! }).where(eq(shots.id, id));
  }
  bytes.video = VIDEO();
  bytes.still = STILL();
  bytes.sound = SOUND();
  await addTake(t, m, { shotId: ids[0]!, type: 'video', bytes: bytes.video, ext: 'webm' });
  await addTake(t, m, { shotId: ids[1]!, type: 'image', bytes: bytes.still, ext: 'png' });
  await addTake(t, m, { shotId: ids[1]!, type: 'audio', bytes: bytes.sound, ext: 'wav' });
  await addTake(t, m, { shotId: ids[2]!, type: 'audio', bytes: bytes.sound, ext: 'wav' });

  // One export per format and rate (a rate's four at once), unpacked as a user would, each file read
  // once by the real reader.
  for (const rate of RATES) {
    const zips = await Promise.all(
      Object.keys(FORMATS).map((format) =>
        t.app.inject({
          method: 'GET',
          url: `/api/v1/export/movie/${m.movieId}?format=${format}&frame_rate=${rate}`,
          headers: { cookie: m.user.cookie },
        }),
      ),
    );
    for (const [i, [format, extension]] of Object.entries(FORMATS).entries()) {
      expect(zips[i]!.statusCode, zips[i]!.body).toBe(200);
      const folder = unzipToFolder(zips[i]!.rawPayload);
      const file = path.join(folder, `Nuit a la gare.${extension}`);
      const text = fs.readFileSync(file, 'utf8');
      exported[`${format} ${rate}`] = { folder, file, text, reading: readWithOtio(file, rate) };
    }
  }
}, 300_000);
afterAll(async () => {
  await t?.close();
  for (const { folder } of Object.values(exported)) fs.rmSync(folder, { recursive: true, force: true });
  fs.rmSync(dir, { recursive: true, force: true });
});

/** The file a clip's media reference names, inside the unpacked zip: URLs decoded, EDL paths as written. */
function mediaFile(format: Format, folder: string, media: string): string {
  const relative = format === 'edl' ? media : media.split('/').map(decodeURIComponent).join('/');
  return path.join(folder, relative);
}

describe.skipIf(skipped)(
  `exports read by OpenTimelineIO's adapters${skipped ? ` (skipped: ${skipped})` : ''}`,
  () => {
    for (const rate of RATES) {
      const f = FRAMES[rate];
      const pictures = [
        { name: 0, start: 0, duration: f.video, media: 'video' },
        { name: 1, start: f.video, duration: f.still, media: 'still' },
      ];
      const sounds = [
        { name: 1, start: f.video, duration: f.sound, media: 'sound' },
        { name: 2, start: f.video + f.still, duration: f.sound, media: 'sound' },
      ];

      for (const format of Object.keys(FORMATS) as Format[]) {
        it(`reads ${format} at ${rate}: clips, order, names, starts, lengths and media inside the zip`, () => {
          const { reading, folder } = exported[`${format} ${rate}`]!;
          const trackOf = (extension: string) =>
            reading.tracks.find((track) => track.clips.find((c) => c.media)?.media?.endsWith(extension))!;
          expect([trackOf('.webm').kind, trackOf('.wav').kind]).toEqual(['Video', 'Audio']);
          const withMedia = (extension: string) => trackOf(extension).clips.filter((clip) => clip.media);
          const [pictureTrack, soundTrack] = [withMedia('.webm'), withMedia('.wav')];
          for (const [clips, expected] of [
            [pictureTrack, pictures],
            [soundTrack, sounds],
          ] as const) {
            expect(clips.map((c) => c.name)).toEqual(
              expected.map((e) => (format === 'edl' ? EDL_NAMES : NAMES)[e.name]),
            );
            clips.forEach((clip, i) => {
              const want = expected[i]!;
              expect(fs.readFileSync(mediaFile(format, folder, clip.media!)).equals(bytes[want.media]!)).toBe(
                true,
              );
              if (format === 'fcpxml') {
                // The adapter counts an NTSC rate as its whole part (23 for 23.976) and truncates times:
                // its reading is right to within one of its own frames.
                expect(Math.abs(clip.start - want.start)).toBeLessThanOrEqual(1);
                expect(Math.abs(clip.duration / reading.rate - want.duration / FPS[rate])).toBeLessThan(
                  1 / reading.rate,
                );
              } else {
                expect([clip.start, clip.duration]).toEqual([want.start, want.duration]);
              }
            });
          }
          if (format === 'edl') {
            // Black where the picture track has no clip (the sound-only shot, the slate), and before the
            // first sound, so both tracks start at 00:00:00:00 and read at their full length.
            const [video, audio] = reading.tracks;
            const black = (clips: PeerReading['tracks'][0]['clips']) =>
              clips.filter((c) => !c.media).map((c) => [c.start, c.duration]);
            expect(black(video!.clips)).toEqual([
              [f.video + f.still, f.sound],
              [f.video + f.still + f.sound, f.still],
            ]);
            expect(black(audio!.clips)).toEqual([[0, f.video]]);
            expect(reading.duration).toBe(f.video + 2 * f.still + f.sound);
          }
        });
      }

      it(`writes FCPXML at ${rate} valid against Apple's DTD of its declared version (1.8)`, () => {
        const { file, text } = exported[`fcpxml ${rate}`]!;
        expect(text).toContain('<fcpxml version="1.8">');
        expect(() => validateFcpxml(file)).not.toThrow();
      });

      it(`keeps the EDL at ${rate} to CMX 3600: ASCII, 80 columns, 8-character reels, source-time markers`, () => {
        const lines = exported[`edl ${rate}`]!.text.split('\n');
        expect(lines[0]).toBe('TITLE: Nuit a la gare');
        for (const line of lines) {
          expect(line, line).toMatch(/^[\x20-\x7e]*$/);
          expect(line.length, line).toBeLessThanOrEqual(80);
        }
        const events = lines.filter((line) => /^\d{3} /.test(line));
        expect(events.every((line) => /^\d{3} {2}(AX|BL) {6} [VA] {5}C {8}/.test(line))).toBe(true);
        // Each shot's marker sits at the source time of its first frame, on its picture (or black) event.
        expect(lines.filter((line) => line.startsWith('* LOC: '))).toEqual([
          '* LOC: 00:00:00:00 GREEN  1-1 Cafe au lait on the pier, Zoe waits for the night',
          `* LOC: 00:00:00:00 GREEN  ${EDL_NAMES[1]}`,
          `* LOC: 00:00:00:00 GREEN  ${EDL_NAMES[2]}`,
          '* LOC: 00:00:00:00 GREEN  1-4 No take yet: the end',
        ]);
      });
    }

    it('describes each file as it is: its own rate, size, sample rate and channels', () => {
      const xml = exported['fcp7 25']!.text;
      const file = (ext: string) => `//file[pathurl[contains(., '.${ext}')]]`;
      expect(xpath(xml, `${file('webm')}/rate/timebase`)).toBe('8');
      expect(xpath(xml, `${file('webm')}/duration`)).toBe('12'); // 1.5 s at 8 fps
      expect(xpath(xml, `${file('webm')}/media/video/samplecharacteristics/width`)).toBe('64');
      expect(xpath(xml, `${file('png')}/media/video/samplecharacteristics/height`)).toBe('288');
      expect(xpath(xml, `(${file('wav')})[1]/media/audio/samplecharacteristics/samplerate`)).toBe('22050');
      expect(xpath(xml, `(${file('wav')})[1]/media/audio/channelcount`)).toBe('1');
      // The sequence is the movie's format.
      expect(xpath(xml, '/xmeml/sequence/media/video/format/samplecharacteristics/width')).toBe('1920');
      const fcpxml = exported['fcpxml 25']!.text;
      expect(xpath(fcpxml, "(//asset[contains(@src, '.wav')])[1]/@audioRate")).toBe('22050');
      expect(xpath(fcpxml, "(//asset[contains(@src, '.wav')])[1]/@audioChannels")).toBe('1');
      // Scene and take as Final Cut's Info inspector shows them (its Take is `studio.shot`).
      const md = (key: string) =>
        `(//asset[contains(@src, '.wav')])[1]/metadata/md[@key='com.apple.proapps.studio.${key}']/@value`;
      expect([xpath(fcpxml, md('scene')), xpath(fcpxml, md('shot'))]).toEqual(['1-2', '2']);
    });
  },
);
