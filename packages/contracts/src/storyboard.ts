import { z } from 'zod';
import { Id } from './common';
import { ShotDuration } from './cut';
import { ItemInput } from './editor';

/** The storyboard levels with their own lists: scenes of a movie, shots of a scene, characters of a movie. */
export const STORYBOARD_LEVELS = ['scene', 'shot', 'character'] as const;
export type StoryboardLevel = (typeof STORYBOARD_LEVELS)[number];
export const StoryboardLevelSchema = z.enum(STORYBOARD_LEVELS);

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
  _id: z.string(),
  movie_id: z.string(),
  index: z.number(),
  inputs: z.array(ItemInput),
  hidden: z.boolean(),
  new_output: z.boolean(),
  use_as_input: z.boolean(),
  downloaded: z.boolean(),
  display_image: z.string().nullable(),
};

export const Scene = z.object({
  ...ItemFlags,
  title: z.string(),
  description: z.string(),
  location: z.string(),
});
export type Scene = z.infer<typeof Scene>;

/** A shot's title is its description (the action). */
export const Shot = z.object({
  ...ItemFlags,
  scene_id: z.string(),
  description: z.string(),
  dialogue: z.string(),
  camera_angle: z.string(),
  /** Seconds the shot lasts in the cut, or null: from its take (a video's length, else a still's). */
  duration: z.number().nullable(),
});
export type Shot = z.infer<typeof Shot>;

/** A character is named; `title` repeats the name for screens that show every level alike. */
export const Character = z.object({
  ...ItemFlags,
  name: z.string(),
  title: z.string(),
  description: z.string(),
});
export type Character = z.infer<typeof Character>;

const ItemTitle = z.string().max(500);
const ItemText = z.string().max(20_000);

/** What an update may change; the client sends the whole item, and unknown keys (_id, ...) are ignored. */
const ItemChanges = {
  index: z.number().int().min(0).max(100_000).optional(),
  inputs: z.array(ItemInput).max(500).optional(),
  hidden: z.boolean().optional(),
  new_output: z.boolean().optional(),
  use_as_input: z.boolean().optional(),
  downloaded: z.boolean().optional(),
  display_image: z.string().max(4000).nullable().optional(),
};

export const SceneUpdate = z.object({
  ...ItemChanges,
  title: ItemTitle.optional(),
  description: ItemText.optional(),
  location: ItemText.optional(),
});
export type SceneUpdate = z.input<typeof SceneUpdate>;

export const ShotUpdate = z.object({
  ...ItemChanges,
  description: ItemText.optional(),
  dialogue: ItemText.optional(),
  camera_angle: ItemText.optional(),
  /** null: back to the take's length. */
  duration: ShotDuration.nullable().optional(),
});
export type ShotUpdate = z.input<typeof ShotUpdate>;

export const CharacterUpdate = z.object({
  ...ItemChanges,
  name: ItemTitle.optional(),
  title: ItemTitle.optional(),
  description: ItemText.optional(),
});
export type CharacterUpdate = z.input<typeof CharacterUpdate>;

/** Create: appended at the end, or inserted at `index` (later items move down one). */
export const CreateItemBody = z.object({ index: z.number().int().min(0).max(100_000).optional() }).nullish();
export type CreateItemBody = z.input<typeof CreateItemBody>;

export const MovieIdQuery = z.object({ movie_id: Id });
export const OptionalMovieIdQuery = z.object({ movie_id: Id.optional() });
export const CreateShotQuery = z.object({ scene_id: Id, movie_id: Id });
export const ItemIdParams = z.object({ id: Id });
export const SceneIdParams = z.object({ sceneId: Id });
export const ShotIdParams = z.object({ shotId: Id });
export const ItemDisplayImageParams = z.object({ level: StoryboardLevelSchema, id: Id });
/** A list's parent: the movie of its scenes or characters, the scene of its shots. */
export const ListDisplayImagesParams = z.object({ level: StoryboardLevelSchema, parentId: Id });

/**
 * The display image of every item of a list, by id: what `latest_display_image` gives each of them,
 * in one answer (a screen of 300 shots asks once, not once a tile).
 */
export const LatestDisplayImages = z.record(z.string(), z.string().nullable());
export type LatestDisplayImages = z.infer<typeof LatestDisplayImages>;

/** Ids of the items whose new-output marker is set. */
export const WithNewOutput = z.array(z.string());

/** Generation counts grouped as the screens show them (pending + queued, running + assigned, ...). */
export const StatusCounts = z.object({
  pending: z.number(),
  running: z.number(),
  success: z.number(),
  failed: z.number(),
});
export type StatusCounts = z.infer<typeof StatusCounts>;

export const ShotGenerationStats = StatusCounts.extend({
  shot_has_new_output: z.boolean(),
  generations_with_new_output: z.number(),
});
export type ShotGenerationStats = z.infer<typeof ShotGenerationStats>;

export const SceneGenerationStats = z.object({
  total: StatusCounts,
  shots_with_new_output: z.number(),
  generations_with_new_output: z.number(),
});
export type SceneGenerationStats = z.infer<typeof SceneGenerationStats>;
