import { Cut, CutQuery } from './cut';
import { endpoint } from './endpoint';
import { MovieIdParams } from './movies';

/** The cut: what the player plays, and the MP4 rendered from it. */
export const cutEndpoints = {
  movieCut: endpoint({
    method: 'GET',
    path: '/cut/movie/:movieId',
    summary:
      "The movie's cut (or one scene's): every shot in order with its chosen picture and sound take (the " +
      "export's choice) and how long it plays",
    auth: true,
    params: MovieIdParams,
    query: CutQuery,
    response: Cut,
  }),
};
