import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import type { CutShot, ExportFrameRate } from '@cinegraph/contracts';

/** ffmpeg's rate for each of the export's frame rates (NTSC rates exactly). */
const FFMPEG_RATES: Record<ExportFrameRate, string> = {
  '23.976': '24000/1001',
  '24': '24',
  '25': '25',
  '29.97': '30000/1001',
  '30': '30',
};

export interface SegmentOptions {
  width: number;
  height: number;
  frameRate: ExportFrameRate;
  /** Addresses ffmpeg reads the shot's picture and sound from. */
  pictureUrl: string | null;
  soundUrl: string | null;
  /** The picture is a video with its own sound (used when the shot has no sound take). */
  pictureHasSound: boolean;
  /** A file holding the slate's text (a shot without a picture). */
  slateTextFile: string | null;
  output: string;
}

const SLATE_FONT = () => createRequire(import.meta.url).resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');

/**
 * The ffmpeg arguments that make one shot of the cut into an MP4 segment of exactly its length: the
 * picture scaled into the frame (letterboxed), a still held and a short video's last frame held, a
 * slate drawn for a shot without a picture, its sound take under it (else the video's own sound, else
 * silence); H.264 and AAC alike in every
 * segment so they join without re-encoding.
 */
export function segmentArgs(shot: CutShot, o: SegmentOptions): string[] {
  const rate = FFMPEG_RATES[o.frameRate];
  const seconds = shot.seconds.toFixed(3);
  const picture =
    shot.picture?.kind === 'image' && o.pictureUrl
      ? ['-loop', '1', '-framerate', rate, '-t', seconds, '-i', o.pictureUrl]
      : shot.picture?.kind === 'video' && o.pictureUrl
        ? ['-i', o.pictureUrl]
        : ['-f', 'lavfi', '-i', `color=c=0x111111:s=${o.width}x${o.height}:r=${rate}:d=${seconds}`];
  const sound = o.soundUrl ? ['-i', o.soundUrl] : ['-f', 'lavfi', '-i', 'anullsrc=r=48000:cl=stereo'];
  const fit =
    `scale=${o.width}:${o.height}:force_original_aspect_ratio=decrease,` +
    `pad=${o.width}:${o.height}:(ow-iw)/2:(oh-ih)/2:color=black,setsar=1,fps=${rate}`;
  const slate = o.slateTextFile
    ? `,drawtext=fontfile='${SLATE_FONT()}':textfile='${o.slateTextFile}':fontcolor=white:` +
      `fontsize=${Math.round(o.height / 22)}:line_spacing=${Math.round(o.height / 60)}:x=(w-text_w)/2:y=(h-text_h)/2`
    : '';
  const video = `[0:v]${fit}${slate},tpad=stop_mode=clone:stop_duration=${seconds}[v]`;
  const audioSource = !o.soundUrl && o.pictureHasSound ? '[0:a]' : '[1:a]';
  const audio = `${audioSource}aresample=48000,aformat=channel_layouts=stereo,apad[a]`;
  return [
    ...['-nostdin', '-y', '-v', 'error', '-progress', 'pipe:1'],
    ...picture,
    ...sound,
    ...['-filter_complex', `${video};${audio}`, '-map', '[v]', '-map', '[a]', '-t', seconds],
    ...['-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p', '-r', rate],
    ...['-c:a', 'aac', '-b:a', '128k', '-ar', '48000', '-ac', '2', o.output],
  ];
}

/** The arguments that join the segments listed in `listFile` into one MP4, streamable from its start. */
export function joinArgs(listFile: string, output: string): string[] {
  return [
    '-nostdin',
    '-y',
    '-v',
    'error',
    '-f',
    'concat',
    '-safe',
    '0',
    '-i',
    listFile,
    '-c',
    'copy',
    '-movflags',
    '+faststart',
    output,
  ];
}

/** A slate's text: scene and shot, description, dialogue (ffmpeg reads it from a file: no escaping). */
export function slateText(shot: CutShot): string {
  const wrap = (text: string) => text.replace(/(.{1,48})(\s+|$)/g, '$1\n').trim();
  const lines = [`Scene ${shot.scene_number} · Shot ${shot.shot_number}`, '', wrap(shot.description)];
  if (shot.dialogue) lines.push('', wrap(`“${shot.dialogue}”`));
  return lines.join('\n');
}

/**
 * Runs ffmpeg, telling the seconds of output written so far; rejects with its last error line. The
 * signal stops it (a server shutting down).
 */
export function runFfmpeg(
  args: string[],
  onSeconds: (seconds: number) => void,
  signal?: AbortSignal,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('ffmpeg', args, { stdio: ['ignore', 'pipe', 'pipe'], signal });
    let errors = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      const micro = [...chunk.matchAll(/out_time_us=(\d+)/g)].at(-1)?.[1];
      if (micro) onSeconds(Number(micro) / 1e6);
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (errors = (errors + chunk).slice(-2000)));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve();
      else reject(new Error(errors.trim().split('\n').at(-1) || `ffmpeg stopped (${String(code)})`));
    });
  });
}

/** Whether the file at `url` has a sound stream (ffprobe); false when it cannot tell. */
export function hasSoundStream(url: string): Promise<boolean> {
  return new Promise((resolve) => {
    const args = [
      '-v',
      'error',
      '-select_streams',
      'a',
      '-show_entries',
      'stream=index',
      '-of',
      'csv=p=0',
      url,
    ];
    const child = spawn('ffprobe', args, { stdio: ['ignore', 'pipe', 'ignore'] });
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    child.on('error', () => resolve(false));
    child.on('close', (code) => resolve(code === 0 && out.trim().length > 0));
  });
}

let available: Promise<boolean> | null = null;

/** Whether ffmpeg with H.264 and AAC encoders is on the PATH (asked once). */
export function ffmpegAvailable(): Promise<boolean> {
  available ??= new Promise((resolve) => {
    const child = spawn('ffmpeg', ['-hide_banner', '-encoders'], { stdio: ['ignore', 'pipe', 'ignore'] });
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    child.on('error', () => resolve(false));
    child.on('close', (code) => resolve(code === 0 && out.includes('libx264') && / aac /.test(out)));
  });
  return available;
}
