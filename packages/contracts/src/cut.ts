import { z } from 'zod';
import { Id, IsoDate } from './common';
import { EXPORT_RESOLUTIONS, ExportFrameRate } from './exports';

/** A shot's duration as the creator may set it, in seconds (the player's strip and the shot panel). */
export const MIN_SHOT_DURATION_SECONDS = 0.5;
export const MAX_SHOT_DURATION_SECONDS = 600;
export const ShotDuration = /* @__PURE__ */ z
  .number()
  .min(MIN_SHOT_DURATION_SECONDS)
  .max(MAX_SHOT_DURATION_SECONDS);

/** One take the cut plays: a picture (image or video) or a sound. */
export const CutMedia = /* @__PURE__ */ z.object({
  generation_id: /* @__PURE__ */ z.string(),
  kind: /* @__PURE__ */ z.enum(['image', 'video', 'audio']),
  url: /* @__PURE__ */ z.string(),
  display_image: /* @__PURE__ */ z.string().nullable(),
  /** The file's own length (video, audio) when known. */
  seconds: /* @__PURE__ */ z.number().nullable(),
});
export type CutMedia = z.infer<typeof CutMedia>;

/** One shot of the cut, in scene and shot order; without a picture it plays as a slate. */
export const CutShot = /* @__PURE__ */ z.object({
  shot_id: /* @__PURE__ */ z.string(),
  scene_id: /* @__PURE__ */ z.string(),
  /** Scene and shot numbers counted from 1, as the storyboard shows them. */
  scene_number: /* @__PURE__ */ z.number(),
  shot_number: /* @__PURE__ */ z.number(),
  description: /* @__PURE__ */ z.string(),
  dialogue: /* @__PURE__ */ z.string(),
  /** The duration the creator set, or null: it comes from the take. */
  duration: /* @__PURE__ */ z.number().nullable(),
  /** How long the shot plays: `duration`, else the video's (or a lone sound's) length, else a still's. */
  seconds: /* @__PURE__ */ z.number(),
  picture: /* @__PURE__ */ CutMedia.nullable(),
  sound: /* @__PURE__ */ CutMedia.nullable(),
});
export type CutShot = z.infer<typeof CutShot>;

export const Cut = /* @__PURE__ */ z.object({
  movie_id: /* @__PURE__ */ z.string(),
  /** How long a still or a slate lasts when the shot sets no duration (the movie's still duration). */
  still_seconds: /* @__PURE__ */ z.number(),
  shots: /* @__PURE__ */ z.array(CutShot),
  seconds: /* @__PURE__ */ z.number(),
});
export type Cut = z.infer<typeof Cut>;

/** Which shots and takes: one scene or the whole movie; takes of one workflow node or of all. */
export const CutQuery = /* @__PURE__ */ z.object({
  scene_id: /* @__PURE__ */ Id.optional(),
  workflow_node_id: /* @__PURE__ */ Id.optional(),
});
export type CutQuery = z.input<typeof CutQuery>;

type TakeLength = Pick<CutMedia, 'kind' | 'seconds'>;

/**
 * How long a shot plays: the duration the creator set, else its video's length, else (no picture) its
 * sound's length, else the still length. A video whose length is unknown lasts as a still.
 */
export function shotSeconds(
  shot: { duration: number | null; picture: TakeLength | null; sound: TakeLength | null },
  stillSeconds: number,
): number {
  if (shot.duration !== null) return shot.duration;
  if (shot.picture?.kind === 'video' && shot.picture.seconds) return shot.picture.seconds;
  if (!shot.picture && shot.sound?.seconds) return shot.sound.seconds;
  return stillSeconds;
}

/** Seconds as the storyboard and the player show them: m:ss, or h:mm:ss past an hour. */
export function formatCutTime(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds + 1e-6));
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = String(whole % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

export const CUT_RENDER_STATUSES = ['pending', 'running', 'success', 'failed'] as const;

/** `POST v1/cut/render/movie/{movieId}`: what the rendered MP4 holds and how it is made. */
export const RenderCutBody = /* @__PURE__ */ z.object({
  frame_rate: /* @__PURE__ */ ExportFrameRate.default('24'),
  resolution: /* @__PURE__ */ z.enum(EXPORT_RESOLUTIONS).default('1920x1080'),
  scene_id: /* @__PURE__ */ Id.optional(),
  workflow_node_id: /* @__PURE__ */ Id.optional(),
});
export type RenderCutBody = z.input<typeof RenderCutBody>;

/** The user's render of a movie's cut (one per user and movie, replaced by the next). */
export const CutRender = /* @__PURE__ */ z.object({
  /** Null when there is no render yet. */
  status: /* @__PURE__ */ z.enum(CUT_RENDER_STATUSES).nullable(),
  /** 0 to 1 while running. */
  progress: /* @__PURE__ */ z.number(),
  error: /* @__PURE__ */ z.string().nullable(),
  /** The finished MP4's address (a download), or null. */
  download_url: /* @__PURE__ */ z.string().nullable(),
  frame_rate: /* @__PURE__ */ ExportFrameRate.nullable(),
  resolution: /* @__PURE__ */ z.string().nullable(),
  seconds: /* @__PURE__ */ z.number().nullable(),
  updated_at: /* @__PURE__ */ IsoDate.nullable(),
  /** Why this server cannot render (no ffmpeg), or null when it can. */
  unavailable: /* @__PURE__ */ z.string().nullable(),
});
export type CutRender = z.infer<typeof CutRender>;

export const CUT_MESSAGES = {
  noFfmpeg: 'Rendering needs ffmpeg on the server, and this server has none.',
  noShots: 'This movie has no shots to render yet.',
  renderRunning: 'A render of this movie is already running.',
  renderInterrupted: 'The render was cut off and starts again.',
} as const;
