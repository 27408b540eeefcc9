import { z } from 'zod';
import { MAX_STILL_DURATION_SECONDS, MIN_STILL_DURATION_SECONDS } from './exports';
import { Id, IsoDate } from './common';

/** A movie-level input, written by the editor's save from the movie's input nodes. */
export const MovieInput = z.object({
  node_id: z.string(),
  type: z.string().default('text'),
  name: z.string().default('Input'),
  value: z.unknown().optional(),
});
export type MovieInput = z.infer<typeof MovieInput>;

export const Movie = z.object({
  _id: z.string(),
  title: z.string(),
  display_image: z.string().nullable(),
  current_node_color: z.string().nullable(),
  inputs: z.array(MovieInput),
  /** The owners let takes marked use-as-input appear on the curated-media page (off by default). */
  share_takes_with_community: z.boolean(),
  /** Seconds a still take lasts on an exported timeline (3 unless the movie says otherwise). */
  still_duration: z.number(),
  created_at: IsoDate,
  updated_at: IsoDate,
});
export type Movie = z.infer<typeof Movie>;

export const MOVIE_TITLE_MAX = 200;

export const MovieTitle = z
  .string()
  .trim()
  .min(1, 'Title cannot be empty')
  .max(MOVIE_TITLE_MAX, `Title is longer than ${MOVIE_TITLE_MAX} characters`);

/** `POST v1/movies/update/{id}`: the title from the list, or the editor's movieData. */
export const MovieUpdate = z
  .object({
    title: MovieTitle.optional(),
    inputs: z.array(MovieInput).max(500).optional(),
    current_node_color: z.string().max(32).nullable().optional(),
    share_takes_with_community: z.boolean().optional(),
    still_duration: z.number().min(MIN_STILL_DURATION_SECONDS).max(MAX_STILL_DURATION_SECONDS).optional(),
    movieData: z
      .object({
        title: MovieTitle.optional(),
        inputs: z.array(MovieInput).max(500).optional(),
        current_node_color: z.string().max(32).nullable().optional(),
      })
      .optional(),
  })
  .transform(({ movieData, ...rest }) => ({ ...movieData, ...rest }));
export type MovieUpdate = z.input<typeof MovieUpdate>;

export const MovieTemplate = z.object({ _id: z.string(), title: z.string() });
export type MovieTemplate = z.infer<typeof MovieTemplate>;

export const TEMPLATE_KEYS = ['text-to-video', 'lip-sync'] as const;
export type TemplateKey = (typeof TEMPLATE_KEYS)[number];

export const MovieIdParams = z.object({ movieId: Id });
export const MovieUpdateParams = z.object({ id: Id });
export const UserMovieParams = z.object({ userId: Id, movieId: Id });
export const InsertWithEditorStateParams = z.object({ userId: Id, movieId: Id });
export const CreateMovieQuery = z.object({ user_id: Id, title: MovieTitle.optional() });

export const LatestDisplayImage = z.object({ display_image: z.string().nullable() });
export type LatestDisplayImage = z.infer<typeof LatestDisplayImage>;

/** How long a movie's share link admits new members; the members can revoke it sooner. */
export const SHARE_LINK_DAYS = 7;

export const ShareMovieResponse = z.object({ share_url: z.string(), expires_at: z.string().optional() });
export const RevokeSharesResponse = z.object({ message: z.string(), revoked: z.number().int() });
export type ShareMovieResponse = z.infer<typeof ShareMovieResponse>;

export const AddSharedMovieParams = z.object({ token: z.string().min(1).max(200), userId: Id });
export const AddSharedMovieResponse = z.object({ movie_id: z.string() });
export type AddSharedMovieResponse = z.infer<typeof AddSharedMovieResponse>;

export const DeletedResponse = z.object({ message: z.string() });
