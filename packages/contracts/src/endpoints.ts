import { z } from 'zod';
import {
  LogoutResponse,
  MagicLinkRequest,
  MagicLinkResponse,
  SessionResponse,
  VerifyQuery,
  VerifyResponse,
} from './auth';
import { accountEndpoints } from './account-endpoints';
import { endpoint } from './endpoint';
import { assetEndpoints } from './assets-endpoints';
import { communityEndpoints } from './community-endpoints';
import { cutEndpoints } from './cut-endpoints';
import { editorEndpoints } from './editor-endpoints';
import { exportEndpoints } from './export-endpoints';
import { generationEndpoints } from './generation-endpoints';
import { scriptEndpoints } from './script-endpoints';
import { storyboardEndpoints } from './storyboard-endpoints';
import {
  AddSharedMovieParams,
  AddSharedMovieResponse,
  CreateMovieQuery,
  DeletedResponse,
  InsertWithEditorStateParams,
  LatestDisplayImage,
  Movie,
  MovieIdParams,
  MovieTemplate,
  MovieUpdate,
  MovieUpdateParams,
  RevokeSharesResponse,
  ShareMovieResponse,
  UserMovieParams,
} from './movies';
import { User, UserIdParams } from './user';
import { workerEndpoints } from './worker-endpoints';
import { workflowEndpoints } from './workflow-endpoints';

/** Every call of the API, by the name the code uses for it. Paths are relative to `/api/v1`. */
export const endpoints = {
  requestMagicLink: endpoint({
    method: 'POST',
    path: '/magic-link',
    summary: 'Send a sign-in link to an email address (creates the user on first sign-in)',
    auth: false,
    body: MagicLinkRequest,
    response: MagicLinkResponse,
  }),
  verifyMagicLink: endpoint({
    method: 'GET',
    path: '/verify',
    summary: 'Exchange a magic-link token for a session cookie',
    auth: false,
    query: VerifyQuery,
    response: VerifyResponse,
  }),
  logout: endpoint({
    method: 'POST',
    path: '/logout',
    summary: 'End the current session',
    auth: false,
    response: LogoutResponse,
  }),
  currentSession: endpoint({
    method: 'GET',
    path: '/session',
    summary: 'The signed-in user of the session cookie',
    auth: true,
    response: SessionResponse,
  }),
  getUser: endpoint({
    method: 'GET',
    path: '/user/:userId',
    summary: 'The signed-in user',
    auth: true,
    params: UserIdParams,
    response: User,
  }),
  listMovies: endpoint({
    method: 'GET',
    path: '/movies/user/:userId',
    summary: "The user's movies, most recently updated first",
    auth: true,
    params: UserIdParams,
    response: z.array(Movie),
  }),
  listTemplates: endpoint({
    method: 'GET',
    path: '/movies/templates',
    summary: 'The template movies that ship with the product, text-to-video first',
    auth: true,
    response: z.array(MovieTemplate),
  }),
  getMovie: endpoint({
    method: 'GET',
    path: '/movies/:movieId',
    summary: 'One movie the user is a member of',
    auth: true,
    params: MovieIdParams,
    response: Movie,
  }),
  latestMovieDisplayImage: endpoint({
    method: 'GET',
    path: '/utils/latest_display_image/movie/:movieId',
    summary: "A movie's display image",
    auth: true,
    params: MovieIdParams,
    response: LatestDisplayImage,
  }),
  createMovieFromTemplate: endpoint({
    method: 'POST',
    path: '/movies/insert_with_editor_state/user/:userId/source_movie/:movieId',
    summary: 'Create a movie as a copy of a template (or of a movie the user is a member of)',
    auth: true,
    params: InsertWithEditorStateParams,
    response: Movie,
  }),
  createBlankMovie: endpoint({
    method: 'POST',
    path: '/movies',
    summary: 'Create a blank movie',
    auth: true,
    query: CreateMovieQuery,
    response: Movie,
  }),
  updateMovie: endpoint({
    method: 'POST',
    path: '/movies/update/:id',
    summary: "Update a movie's title, inputs or accent colour",
    auth: true,
    params: MovieUpdateParams,
    body: MovieUpdate,
    response: Movie,
  }),
  deleteMovie: endpoint({
    method: 'DELETE',
    path: '/movies/user/:userId/movie/:movieId',
    summary: "Remove a movie from the user's list (the movie is deleted when no member is left)",
    auth: true,
    params: UserMovieParams,
    response: DeletedResponse,
  }),
  shareMovie: endpoint({
    method: 'POST',
    path: '/share_movie/:movieId',
    summary: 'Make a link that adds the movie to another signed-in user',
    auth: true,
    params: MovieIdParams,
    response: ShareMovieResponse,
  }),
  revokeMovieShares: endpoint({
    method: 'POST',
    path: '/share_movie/:movieId/revoke',
    summary: 'Revoke every share link of the movie: they no longer add anyone (members stay)',
    auth: true,
    params: MovieIdParams,
    response: RevokeSharesResponse,
  }),
  addSharedMovie: endpoint({
    method: 'POST',
    path: '/add_shared_movie/:token/user/:userId',
    summary: 'Accept a share link: the movie is added to the user',
    auth: true,
    params: AddSharedMovieParams,
    response: AddSharedMovieResponse,
  }),
  ...editorEndpoints,
  ...assetEndpoints,
  ...workflowEndpoints,
  ...storyboardEndpoints,
  ...generationEndpoints,
  ...workerEndpoints,
  ...communityEndpoints,
  ...accountEndpoints,
  ...exportEndpoints,
  ...cutEndpoints,
  ...scriptEndpoints,
};
