import { z } from 'zod';
import { Id } from './common';
import { ShotDuration } from './cut';
import { ItemInput } from './editor';

/** The storyboard levels with their own lists: scenes of a movie, shots of a scene, characters of a movie. */
export const STORYBOARD_LEVELS = ['scene', 'shot', 'character'] as const;
export type StoryboardLevel = (typeof STORYBOARD_LEVELS)[number];
export const StoryboardLevelSchema = /* @__PURE__ */ z.enum(STORYBOARD_LEVELS);

/** The extra text fields of each level, shown as text inputs in the item panel. */
export const STORYBOARD_EXTRA_FIELDS = {
  scene: ['description', 'location'],
  shot: ['dialogue', 'camera_angle'],
  character: ['description'],
} as const satisfies Record<StoryboardLevel, readonly string[]>;

/** Server messages of the storyboard calls, word for word where the spec names them. */
export const STORYBOARD_MESSAGES = {
  sceneDescriptionMissing: 'Please enter a scene description',
  noCharactersDetected:
    'No characters detected in the scene description. Please mention at least one character by name.',
  plannerUnreadable: 'The shot planner returned an unreadable answer.',
  plannerUnreachable: 'The shot planner could not be reached.',
  generateShotsFailed: 'Failed to generate shots. Please try again.',
  descriptionEmpty: 'Description cannot be empty.',
} as const;

const ItemFlags = {
  _id: /* @__PURE__ */ z.string(),
  movie_id: /* @__PURE__ */ z.string(),
  index: /* @__PURE__ */ z.number(),
  inputs: /* @__PURE__ */ z.array(ItemInput),
  hidden: /* @__PURE__ */ z.boolean(),
  new_output: /* @__PURE__ */ z.boolean(),
  use_as_input: /* @__PURE__ */ z.boolean(),
  downloaded: /* @__PURE__ */ z.boolean(),
  display_image: /* @__PURE__ */ z.string().nullable(),
};

export const Scene = /* @__PURE__ */ z.object({
  ...ItemFlags,
  title: /* @__PURE__ */ z.string(),
  description: /* @__PURE__ */ z.string(),
  location: /* @__PURE__ */ z.string(),
});
export type Scene = z.infer<typeof Scene>;

/** A shot's title is its description (the action). */
export const Shot = /* @__PURE__ */ z.object({
  ...ItemFlags,
  scene_id: /* @__PURE__ */ z.string(),
  description: /* @__PURE__ */ z.string(),
  dialogue: /* @__PURE__ */ z.string(),
  camera_angle: /* @__PURE__ */ z.string(),
  /** Seconds the shot lasts in the cut, or null: from its take (a video's length, else a still's). */
  duration: /* @__PURE__ */ z.number().nullable(),
});
export type Shot = z.infer<typeof Shot>;

/** A character is named; `title` repeats the name for screens that show every level alike. */
export const Character = /* @__PURE__ */ z.object({
  ...ItemFlags,
  name: /* @__PURE__ */ z.string(),
  title: /* @__PURE__ */ z.string(),
  description: /* @__PURE__ */ z.string(),
});
export type Character = z.infer<typeof Character>;

const ItemTitle = /* @__PURE__ */ z.string().max(500);
const ItemText = /* @__PURE__ */ z.string().max(20_000);

/** What an update may change; the client sends the whole item, and unknown keys (_id, ...) are ignored. */
const ItemChanges = {
  index: /* @__PURE__ */ z.number().int().min(0).max(100_000).optional(),
  inputs: /* @__PURE__ */ z.array(ItemInput).max(500).optional(),
  hidden: /* @__PURE__ */ z.boolean().optional(),
  new_output: /* @__PURE__ */ z.boolean().optional(),
  use_as_input: /* @__PURE__ */ z.boolean().optional(),
  downloaded: /* @__PURE__ */ z.boolean().optional(),
  display_image: /* @__PURE__ */ z.string().max(4000).nullable().optional(),
};

export const SceneUpdate = /* @__PURE__ */ z.object({
  ...ItemChanges,
  title: /* @__PURE__ */ ItemTitle.optional(),
  description: /* @__PURE__ */ ItemText.optional(),
  location: /* @__PURE__ */ ItemText.optional(),
});
export type SceneUpdate = z.input<typeof SceneUpdate>;

export const ShotUpdate = /* @__PURE__ */ z.object({
  ...ItemChanges,
  description: /* @__PURE__ */ ItemText.optional(),
  dialogue: /* @__PURE__ */ ItemText.optional(),
  camera_angle: /* @__PURE__ */ ItemText.optional(),
  /** null: back to the take's length. */
  duration: /* @__PURE__ */ ShotDuration.nullable().optional(),
});
export type ShotUpdate = z.input<typeof ShotUpdate>;

export const CharacterUpdate = /* @__PURE__ */ z.object({
  ...ItemChanges,
  name: /* @__PURE__ */ ItemTitle.optional(),
  title: /* @__PURE__ */ ItemTitle.optional(),
  description: /* @__PURE__ */ ItemText.optional(),
});
export type CharacterUpdate = z.input<typeof CharacterUpdate>;

/** Create: appended at the end, or inserted at `index` (later items move down one). */
export const CreateItemBody = /* @__PURE__ */ z
  .object({ index: /* @__PURE__ */ z.number().int().min(0).max(100_000).optional() })
  .nullish();
export type CreateItemBody = z.input<typeof CreateItemBody>;

export const MovieIdQuery = /* @__PURE__ */ z.object({ movie_id: Id });
export const OptionalMovieIdQuery = /* @__PURE__ */ z.object({ movie_id: /* @__PURE__ */ Id.optional() });
export const CreateShotQuery = /* @__PURE__ */ z.object({ scene_id: Id, movie_id: Id });
export const ItemIdParams = /* @__PURE__ */ z.object({ id: Id });
export const SceneIdParams = /* @__PURE__ */ z.object({ sceneId: Id });
export const ShotIdParams = /* @__PURE__ */ z.object({ shotId: Id });
export const ItemDisplayImageParams = /* @__PURE__ */ z.object({ level: StoryboardLevelSchema, id: Id });
/** A list's parent: the movie of its scenes or characters, the scene of its shots. */
export const ListDisplayImagesParams = /* @__PURE__ */ z.object({
  level: StoryboardLevelSchema,
  parentId: Id,
});

/**
 * The display image of every item of a list, by id: what `latest_display_image` gives each of them,
 * in one answer (a screen of 300 shots asks once, not once a tile).
 */
export const LatestDisplayImages = /* @__PURE__ */ z.record(
  /* @__PURE__ */ z.string(),
  /* @__PURE__ */ z.string().nullable(),
);
export type LatestDisplayImages = z.infer<typeof LatestDisplayImages>;

/** Ids of the items whose new-output marker is set. */
export const WithNewOutput = /* @__PURE__ */ z.array(/* @__PURE__ */ z.string());

/** Generation counts grouped as the screens show them (pending + queued, running + assigned, ...). */
export const StatusCounts = /* @__PURE__ */ z.object({
  pending: /* @__PURE__ */ z.number(),
  running: /* @__PURE__ */ z.number(),
  success: /* @__PURE__ */ z.number(),
  failed: /* @__PURE__ */ z.number(),
});
export type StatusCounts = z.infer<typeof StatusCounts>;

export const ShotGenerationStats = /* @__PURE__ */ StatusCounts.extend({
  shot_has_new_output: /* @__PURE__ */ z.boolean(),
  generations_with_new_output: /* @__PURE__ */ z.number(),
});
export type ShotGenerationStats = z.infer<typeof ShotGenerationStats>;

export const SceneGenerationStats = /* @__PURE__ */ z.object({
  total: StatusCounts,
  shots_with_new_output: /* @__PURE__ */ z.number(),
  generations_with_new_output: /* @__PURE__ */ z.number(),
});
export type SceneGenerationStats = z.infer<typeof SceneGenerationStats>;
