import { Cut, CutQuery, CutRender, RenderCutBody } from './cut';
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
  cutRender: endpoint({
    method: 'GET',
    path: '/cut/render/movie/:movieId',
    summary: "The caller's render of the movie's cut: its status and progress, and the MP4 once made",
    auth: true,
    params: MovieIdParams,
    response: CutRender,
  }),
  renderCut: endpoint({
    method: 'POST',
    path: '/cut/render/movie/:movieId',
    summary:
      "Render the cut to one MP4 (H.264 + AAC) in the background with ffmpeg; it replaces the caller's " +
      'previous render of the movie',
    auth: true,
    params: MovieIdParams,
    body: RenderCutBody,
    response: CutRender,
  }),
};
