/**
 * Time on a timeline is a whole number of frames at a rational rate: 23.976 is 24000/1001 frames per
 * second, never the float 23.976, so positions are integer sums and an hour of clips cannot drift.
 */
export interface FrameRate {
  /** Frames per second is num / den: 24000/1001 for 23.976, 24/1 for 24. */
  num: number;
  den: number;
}

/** The rates the export offers, by the label the user picks. */
export const FRAME_RATES = {
  '23.976': { num: 24000, den: 1001 },
  '24': { num: 24, den: 1 },
  '25': { num: 25, den: 1 },
  '29.97': { num: 30000, den: 1001 },
  '30': { num: 30, den: 1 },
} as const satisfies Record<string, FrameRate>;
export type FrameRateLabel = keyof typeof FRAME_RATES;
export const FRAME_RATE_LABELS = Object.keys(FRAME_RATES) as FrameRateLabel[];

/** The nearest whole number of frames to a length in seconds (a take lasts at least one frame). */
export function framesFromSeconds(seconds: number, rate: FrameRate): number {
  return Math.max(1, Math.round((seconds * rate.num) / rate.den));
}

/**
 * The whole frames a media file of `seconds` holds: rounded down, so a clip never asks for a frame its
 * file does not have (1.5 s at 23.976 is 35 frames, not 36). The tiny allowance absorbs float noise in
 * lengths that are exact (2 s at 25 fps is 50 frames, never 49).
 */
export function framesWithin(seconds: number, rate: FrameRate): number {
  return Math.max(1, Math.floor((seconds * rate.num) / rate.den + 1e-6));
}

/** The length of `frames` in seconds, as a float for display and for OTIO readers. */
export function secondsFromFrames(frames: number, rate: FrameRate): number {
  return (frames * rate.den) / rate.num;
}

/** NTSC rates (x/1001) are written as their whole "timebase" (24, 30) plus an NTSC flag. */
export function isNtsc(rate: FrameRate): boolean {
  return rate.den === 1001;
}

/** The whole frames per second a timecode counts: 24 for 23.976, 30 for 29.97. */
export function timebase(rate: FrameRate): number {
  return Math.round(rate.num / rate.den);
}

/** Frames per second as a float, as OpenTimelineIO stores a rate. */
export function ratePerSecond(rate: FrameRate): number {
  return rate.num / rate.den;
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

/**
 * `frames` as exact rational seconds in FCPXML's notation: "3003/1000s", "3s", "0s". The value is
 * always a whole number of frame durations, so it lies on the sequence's frame grid.
 */
export function rationalSeconds(frames: number, rate: FrameRate): string {
  const numerator = frames * rate.den;
  if (numerator === 0) return '0s';
  const divisor = gcd(numerator, rate.num);
  const top = numerator / divisor;
  const bottom = rate.num / divisor;
  return bottom === 1 ? `${top}s` : `${top}/${bottom}s`;
}

/** One frame's duration in FCPXML's notation ("1001/24000s", "1/25s"): the format's frameDuration. */
export function frameDuration(rate: FrameRate): string {
  return `${rate.den}/${rate.num}s`;
}

/**
 * Non-drop-frame timecode HH:MM:SS:FF counting `timebase` frames per second (what "FCM: NON-DROP
 * FRAME" and `<displayformat>NDF` promise), so at 23.976 frame 86400 is 01:00:00:00.
 */
export function timecode(frames: number, rate: FrameRate): string {
  const base = timebase(rate);
  const pad = (n: number) => String(n).padStart(2, '0');
  const ff = frames % base;
  const totalSeconds = Math.floor(frames / base);
  const ss = totalSeconds % 60;
  const mm = Math.floor(totalSeconds / 60) % 60;
  const hh = Math.floor(totalSeconds / 3600);
  return `${pad(hh)}:${pad(mm)}:${pad(ss)}:${pad(ff)}`;
}
