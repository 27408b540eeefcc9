import { MAX_SHOT_DURATION_SECONDS, MIN_SHOT_DURATION_SECONDS } from '@cinegraph/contracts';

/** What the duration field's text means: a duration, back to the take's length (empty), or an error. */
export type DurationInput = { duration: number | null } | { error: string };

export const DURATION_RANGE_MESSAGE = `Enter seconds from ${MIN_SHOT_DURATION_SECONDS} to ${MAX_SHOT_DURATION_SECONDS}, or leave it empty to use the take's length.`;

/** Reads the shot panel's duration text: seconds, with a comma or a point as the decimal mark. */
export function parseDurationInput(text: string): DurationInput {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return { duration: null };
  const seconds = Number(trimmed);
  if (
    !Number.isFinite(seconds) ||
    seconds < MIN_SHOT_DURATION_SECONDS ||
    seconds > MAX_SHOT_DURATION_SECONDS
  ) {
    return { error: DURATION_RANGE_MESSAGE };
  }
  return { duration: Math.round(seconds * 100) / 100 };
}
