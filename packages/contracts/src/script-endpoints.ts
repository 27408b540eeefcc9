import { endpoint } from './endpoint';
import { Movie } from './movies';
import {
  ApplyScriptBody,
  ImportResult,
  NewMovieScriptBody,
  SCRIPT_BODY_LIMIT,
  ScriptMovieParams,
  ScriptPreview,
  ScriptSource,
} from './scripts';

/**
 * Script import (Fountain, Final Draft): a preview that writes nothing, then an apply of that preview in
 * one transaction. The breakdown is deterministic: the same script gives the same scenes and shots.
 */
export const scriptEndpoints = {
  previewScript: endpoint({
    method: 'POST',
    path: '/scripts/preview/movie/:movieId',
    summary:
      "The script's breakdown merged with the movie's storyboard: scenes, shots, characters, what is added, " +
      'changed or kept, and what the script no longer holds (removable); writes nothing',
    auth: true,
    bodyLimit: SCRIPT_BODY_LIMIT,
    params: ScriptMovieParams,
    body: ScriptSource,
    response: ScriptPreview,
  }),
  applyScript: endpoint({
    method: 'POST',
    path: '/scripts/import/movie/:movieId',
    summary:
      'Apply a previewed script (its fingerprint) in one transaction; removes only the removable items named ' +
      'in `remove`. 409 when the movie changed since the preview',
    auth: true,
    bodyLimit: SCRIPT_BODY_LIMIT,
    params: ScriptMovieParams,
    body: ApplyScriptBody,
    response: ImportResult,
  }),
  previewNewMovieScript: endpoint({
    method: 'POST',
    path: '/scripts/preview',
    summary: "The script's breakdown for a new movie (everything is added); writes nothing",
    auth: true,
    bodyLimit: SCRIPT_BODY_LIMIT,
    body: ScriptSource,
    response: ScriptPreview,
  }),
  importNewMovieScript: endpoint({
    method: 'POST',
    path: '/scripts/import',
    summary:
      "A new movie from a script (on a template's graph, without its sample scenes, or blank), in one transaction",
    auth: true,
    bodyLimit: SCRIPT_BODY_LIMIT,
    body: NewMovieScriptBody,
    response: Movie,
  }),
};
