import { execFile } from 'node:child_process';
import type { MediaFacts, MediaKind } from '@cinegraph/timeline';
import { mediaLengthSecondsAt } from '../../storage/media-length';
import type { Storage } from '../../storage/storage';

const FFPROBE_TIMEOUT_MS = 20_000;
const LINK_SECONDS = 300;
/** Enough of a file for its header: PNG's IHDR, JPEG's frame header after its tables, WAV's fmt chunk. */
const HEAD_BYTES = 64 * 1024;

/** A stored take to describe: its storage key, size, kind and the length kept when it was stored. */
export interface StoredMedia {
  key: string;
  size: number;
  kind: MediaKind;
  storedSeconds?: number;
}

interface ProbeStream {
  codec_type?: string;
  width?: number;
  height?: number;
  r_frame_rate?: string;
  sample_rate?: string;
  channels?: number;
  bits_per_sample?: number;
  bits_per_raw_sample?: string;
}

/** "24000/1001" as a rate; null for "0/0" and other non-rates. */
function parseRate(text: string | undefined): { num: number; den: number } | null {
  const [num, den] = (text ?? '').split('/').map(Number);
  return num && den && Number.isInteger(num) && Number.isInteger(den) ? { num, den } : null;
}

const positive = (value: unknown) => {
  const number = Number(value);
  return Number.isFinite(number) && number > 0 ? number : undefined;
};

/** What ffprobe says of a file: length, picture size and rate, sound sample rate, channels and depth; null without ffprobe. */
function ffprobe(source: string, kind: MediaKind): Promise<MediaFacts | null> {
  const entries =
    'format=duration:stream=codec_type,width,height,r_frame_rate,sample_rate,channels,bits_per_sample,bits_per_raw_sample';
  const args = ['-v', 'error', '-show_entries', entries, '-of', 'json', source];
  return new Promise((resolve) => {
    execFile('ffprobe', args, { timeout: FFPROBE_TIMEOUT_MS }, (error, stdout) => {
      if (error) return resolve(null);
      try {
        const { format, streams = [] } = JSON.parse(String(stdout)) as {
          format?: { duration?: string };
          streams?: ProbeStream[];
        };
        const picture = streams.find((s) => s.codec_type === 'video');
        const sound = streams.find((s) => s.codec_type === 'audio');
        const facts: MediaFacts = {
          seconds: kind === 'image' ? undefined : positive(format?.duration),
          width: positive(picture?.width),
          height: positive(picture?.height),
          // A still's "rate" is ffprobe's default, not the file's.
          rate: (kind === 'video' && parseRate(picture?.r_frame_rate)) || undefined,
          sampleRate: positive(sound?.sample_rate),
          channels: positive(sound?.channels),
          bitDepth: positive(sound?.bits_per_sample) ?? positive(sound?.bits_per_raw_sample),
        };
        resolve(facts);
      } catch {
        resolve(null);
      }
    });
  });
}

/** The first bytes of a stored file over its short-lived link (a range request). */
async function headOf(link: string, size: number): Promise<Buffer | null> {
  const response = await fetch(link, { headers: { Range: `bytes=0-${Math.min(HEAD_BYTES, size) - 1}` } });
  return response.ok ? Buffer.from(await response.arrayBuffer()) : null;
}

/** A WAV file's `fmt ` chunk: channels, sample rate and bits per sample. */
export function wavFormat(head: Buffer): MediaFacts {
  if (head.toString('latin1', 0, 4) !== 'RIFF' || head.toString('latin1', 8, 12) !== 'WAVE') return {};
  for (let at = 12; at + 8 <= head.length;) {
    const size = head.readUInt32LE(at + 4);
    if (head.toString('latin1', at, at + 4) === 'fmt ' && at + 24 <= head.length) {
      return {
        channels: head.readUInt16LE(at + 10),
        sampleRate: head.readUInt32LE(at + 12),
        bitDepth: head.readUInt16LE(at + 22),
      };
    }
    at += 8 + size + (size % 2);
  }
  return {};
}

/** A video's or sound's length where ffprobe cannot tell: the length kept at storing, else its header now. */
async function headerSeconds(media: StoredMedia, link: string): Promise<number | undefined> {
  if (media.kind === 'image') return undefined;
  return media.storedSeconds ?? (await mediaLengthSecondsAt(link, media.size)) ?? undefined;
}

/** Without ffprobe: what the container headers state (length, a still's size, a WAV's format). */
async function fromHeaders(media: StoredMedia, link: string): Promise<MediaFacts> {
  const seconds = await headerSeconds(media, link);
  const head = media.kind === 'video' ? null : await headOf(link, media.size).catch(() => null);
  if (!head) return { seconds };
  if (media.kind === 'audio') return { seconds, ...wavFormat(head) };
  const { default: sharp } = await import('sharp'); // loaded with the first still, not at start
  const metadata = await sharp(head)
    .metadata()
    .catch(() => null);
  return { width: metadata?.width, height: metadata?.height };
}

/**
 * A stored take described as it is: ffprobe over a short-lived link (so S3 and local storage work alike
 * and nothing is downloaded whole); without it, the length kept when the worker's file was stored, else
 * the container header read now with range requests, plus a still's size and a WAV's format from their
 * first bytes. Facts nothing states are left out.
 */
export async function describeMedia(storage: Storage, media: StoredMedia): Promise<MediaFacts> {
  const link = await storage.presignGet(media.key, { expiresInSeconds: LINK_SECONDS });
  const probed = await ffprobe(link, media.kind);
  if (!probed) return fromHeaders(media, link);
  // A WebM written to a pipe has no length ffprobe can read quickly either.
  return { ...probed, seconds: probed.seconds ?? (await headerSeconds(media, link)) };
}
