import { z } from 'zod';
import { MAX_STILL_DURATION_SECONDS, MIN_STILL_DURATION_SECONDS } from './exports';
import { Id, IsoDate } from './common';

/** A movie-level input, written by the editor's save from the movie's input nodes. */
export const MovieInput = /* @__PURE__ */ z.object({
  node_id: /* @__PURE__ */ z.string(),
  type: /* @__PURE__ */ z.string().default('text'),
  name: /* @__PURE__ */ z.string().default('Input'),
  value: /* @__PURE__ */ z.unknown().optional(),
});
export type MovieInput = z.infer<typeof MovieInput>;

export const Movie = /* @__PURE__ */ z.object({
  _id: /* @__PURE__ */ z.string(),
  title: /* @__PURE__ */ z.string(),
  display_image: /* @__PURE__ */ z.string().nullable(),
  current_node_color: /* @__PURE__ */ z.string().nullable(),
  inputs: /* @__PURE__ */ z.array(MovieInput),
  /** The owners let takes marked use-as-input appear on the curated-media page (off by default). */
  share_takes_with_community: /* @__PURE__ */ z.boolean(),
  /** Seconds a still take lasts on an exported timeline (3 unless the movie says otherwise). */
  still_duration: /* @__PURE__ */ z.number(),
  created_at: IsoDate,
  updated_at: IsoDate,
});
export type Movie = z.infer<typeof Movie>;

export const MOVIE_TITLE_MAX = 200;

export const MovieTitle = /* @__PURE__ */ z
  .string()
  .trim()
  .min(1, 'Title cannot be empty')
  .max(MOVIE_TITLE_MAX, `Title is longer than ${MOVIE_TITLE_MAX} characters`);

/** `POST v1/movies/update/{id}`: the title from the list, or the editor's movieData. */
export const MovieUpdate = /* @__PURE__ */ z
  .object({
    title: /* @__PURE__ */ MovieTitle.optional(),
    inputs: /* @__PURE__ */ z.array(MovieInput).max(500).optional(),
    current_node_color: /* @__PURE__ */ z.string().max(32).nullable().optional(),
    share_takes_with_community: /* @__PURE__ */ z.boolean().optional(),
    still_duration: /* @__PURE__ */ z
      .number()
      .min(MIN_STILL_DURATION_SECONDS)
      .max(MAX_STILL_DURATION_SECONDS)
      .optional(),
    movieData: /* @__PURE__ */ z
      .object({
        title: /* @__PURE__ */ MovieTitle.optional(),
        inputs: /* @__PURE__ */ z.array(MovieInput).max(500).optional(),
        current_node_color: /* @__PURE__ */ z.string().max(32).nullable().optional(),
      })
      .optional(),
  })
  .transform(({ movieData, ...rest }) => ({ ...movieData, ...rest }));
export type MovieUpdate = z.input<typeof MovieUpdate>;

export const MovieTemplate = /* @__PURE__ */ z.object({
  _id: /* @__PURE__ */ z.string(),
  title: /* @__PURE__ */ z.string(),
});
export type MovieTemplate = z.infer<typeof MovieTemplate>;

export const TEMPLATE_KEYS = ['text-to-video', 'lip-sync'] as const;
export type TemplateKey = (typeof TEMPLATE_KEYS)[number];

export const MovieIdParams = /* @__PURE__ */ z.object({ movieId: Id });
export const MovieUpdateParams = /* @__PURE__ */ z.object({ id: Id });
export const UserMovieParams = /* @__PURE__ */ z.object({ userId: Id, movieId: Id });
export const InsertWithEditorStateParams = /* @__PURE__ */ z.object({ userId: Id, movieId: Id });
export const CreateMovieQuery = /* @__PURE__ */ z.object({
  user_id: Id,
  title: /* @__PURE__ */ MovieTitle.optional(),
});

export const LatestDisplayImage = /* @__PURE__ */ z.object({
  display_image: /* @__PURE__ */ z.string().nullable(),
});
export type LatestDisplayImage = z.infer<typeof LatestDisplayImage>;

/** How long a movie's share link admits new members; the members can revoke it sooner. */
export const SHARE_LINK_DAYS = 7;

export const ShareMovieResponse = /* @__PURE__ */ z.object({
  share_url: /* @__PURE__ */ z.string(),
  expires_at: /* @__PURE__ */ z.string().optional(),
});
export const RevokeSharesResponse = /* @__PURE__ */ z.object({
  message: /* @__PURE__ */ z.string(),
  revoked: /* @__PURE__ */ z.number().int(),
});
export type ShareMovieResponse = z.infer<typeof ShareMovieResponse>;

export const AddSharedMovieParams = /* @__PURE__ */ z.object({
  token: /* @__PURE__ */ z.string().min(1).max(200),
  userId: Id,
});
export const AddSharedMovieResponse = /* @__PURE__ */ z.object({ movie_id: /* @__PURE__ */ z.string() });
export type AddSharedMovieResponse = z.infer<typeof AddSharedMovieResponse>;

export const DeletedResponse = /* @__PURE__ */ z.object({ message: /* @__PURE__ */ z.string() });
