import { z } from 'zod';
import { Id } from './common';

/** Automatic shots: default, minimum and field maximum of the number of shots. */
export const SHOTS_TO_GENERATE = { default: 10, min: 1, max: 20 } as const;

/** Keys every generated shot has; extra keys cannot take these names. */
export const GENERATED_SHOT_KEYS = ['description', 'dialogue', 'camera_angle', 'characters'] as const;

/**
 * `POST v1/scenes/generate_shots`. `movie_id` is required so the server can check membership (and use the
 * movie's character names when `characters` is empty); `scene_id`, when given, must be a scene of it.
 */
export const GenerateShotsBody = z.object({
  movie_id: Id,
  scene_id: Id.optional(),
  scene_description: z.string().max(20_000).default(''),
  characters: z.array(z.string().max(200)).max(200).default([]),
  /** Names of further shot inputs the planner should fill (e.g. a shot-level 'Mood' input). */
  extra_keys: z.array(z.string().trim().min(1).max(100)).max(20).default([]),
  amount_of_shots: z.coerce
    .number()
    .int()
    .min(SHOTS_TO_GENERATE.min)
    .max(SHOTS_TO_GENERATE.max)
    .default(SHOTS_TO_GENERATE.default),
  fixed_scene_facts: z.string().max(5000).default(''),
});
export type GenerateShotsBody = z.input<typeof GenerateShotsBody>;

/** One planned shot; each extra key appears as a text field of its own. */
export const GeneratedShot = z
  .object({
    description: z.string(),
    dialogue: z.string(),
    camera_angle: z.string(),
    characters: z.array(z.string()),
  })
  // Extra keys hold text; the union only lets the index signature admit `characters`.
  .catchall(z.union([z.string(), z.array(z.string())]));
export type GeneratedShot = z.infer<typeof GeneratedShot>;

export const GenerateShotsResponse = z.object({ shots: z.array(GeneratedShot) });
export type GenerateShotsResponse = z.infer<typeof GenerateShotsResponse>;
