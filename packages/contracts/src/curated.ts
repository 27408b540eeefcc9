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
export const CuratedMedia = /* @__PURE__ */ z.object({
  _id: /* @__PURE__ */ z.string(),
  output: /* @__PURE__ */ z.object({
    type: /* @__PURE__ */ z.enum(['image', 'video']),
    url: /* @__PURE__ */ z.string(),
    display_image: /* @__PURE__ */ z.string().nullable(),
  }),
  user_name: /* @__PURE__ */ z.string().nullable(),
  movie_id: /* @__PURE__ */ z.string(),
});
export type CuratedMedia = z.infer<typeof CuratedMedia>;
