import { z } from 'zod';

/** The curated-media page's texts, word for word from the spec. */
export const CURATED_MESSAGES = {
  empty: 'No curated media found',
  emptyNote: 'Media marked as "use as input" will appear here (audio excluded)',
  loadFailed: 'Failed to load videos',
  unknownUser: 'Unknown User',
} as const;

/** The newest curated takes listed at most. */
export const CURATED_LIMIT = 200;

/** A take marked use-as-input in a movie whose owners share takes with the community. */
export const CuratedMedia = z.object({
  _id: z.string(),
  output: z.object({
    type: z.enum(['image', 'video']),
    url: z.string(),
    display_image: z.string().nullable(),
  }),
  user_name: z.string().nullable(),
  movie_id: z.string(),
});
export type CuratedMedia = z.infer<typeof CuratedMedia>;
