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
export const GenerateShotsBody = /* @__PURE__ */ z.object({
  movie_id: Id,
  scene_id: /* @__PURE__ */ Id.optional(),
  scene_description: /* @__PURE__ */ z.string().max(20_000).default(''),
  characters: /* @__PURE__ */ z.array(/* @__PURE__ */ z.string().max(200)).max(200).default([]),
  /** Names of further shot inputs the planner should fill (e.g. a shot-level 'Mood' input). */
  extra_keys: /* @__PURE__ */ z.array(/* @__PURE__ */ z.string().trim().min(1).max(100)).max(20).default([]),
  amount_of_shots: /* @__PURE__ */ z.coerce
    .number()
    .int()
    .min(SHOTS_TO_GENERATE.min)
    .max(SHOTS_TO_GENERATE.max)
    .default(SHOTS_TO_GENERATE.default),
  fixed_scene_facts: /* @__PURE__ */ z.string().max(5000).default(''),
});
export type GenerateShotsBody = z.input<typeof GenerateShotsBody>;

/** One planned shot; each extra key appears as a text field of its own. */
export const GeneratedShot = /* @__PURE__ */ z
  .object({
    description: /* @__PURE__ */ z.string(),
    dialogue: /* @__PURE__ */ z.string(),
    camera_angle: /* @__PURE__ */ z.string(),
    characters: /* @__PURE__ */ z.array(/* @__PURE__ */ z.string()),
  })
  // Extra keys hold text; the union only lets the index signature admit `characters`.
  .catchall(
    /* @__PURE__ */ z.union([
      /* @__PURE__ */ z.string(),
      /* @__PURE__ */ z.array(/* @__PURE__ */ z.string()),
    ]),
  );
export type GeneratedShot = z.infer<typeof GeneratedShot>;

export const GenerateShotsResponse = /* @__PURE__ */ z.object({
  shots: /* @__PURE__ */ z.array(GeneratedShot),
});
export type GenerateShotsResponse = z.infer<typeof GenerateShotsResponse>;
