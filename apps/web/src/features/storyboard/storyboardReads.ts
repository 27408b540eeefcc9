import { endpoints, type Endpoint, type StoryboardLevel } from '@cinegraph/contracts';
import { endpointUrl, type CallOptions } from '../../lib/api';
import { startCall, takeCall } from '../../lib/readAhead';
import type { StoryboardItem } from './logic/levels';

/** Which list a screen shows: scenes or characters of a movie, or shots of a scene. */
export interface ListScope {
  level: StoryboardLevel;
  movieId: string;
  /** Required for shots. */
  sceneId?: string;
}

type Call = [Endpoint, CallOptions<Endpoint>];

export function sceneOf(scope: ListScope): string {
  if (!scope.sceneId) throw new Error('A shot list needs its scene');
  return scope.sceneId;
}

function listCall(scope: ListScope): Call {
  const { level, movieId } = scope;
  if (level === 'scene') return [endpoints.listScenes, { params: { movieId } }];
  if (level === 'shot') return [endpoints.listShots, { params: { sceneId: sceneOf(scope) } }];
  return [endpoints.listCharacters, { params: { movieId } }];
}

/** The display images of a list's items, in one call: the tiles' pictures. */
function displayImagesCall({ level, movieId, sceneId }: ListScope): Call {
  const parentId = level === 'shot' && sceneId ? sceneId : movieId;
  return [endpoints.latestListDisplayImages, { params: { level, parentId } }];
}

/** The SWR key of a list: its URL. */
export const listKey = (scope: ListScope): string => endpointUrl(...listCall(scope));
export const readList = (scope: ListScope) => takeCall(...listCall(scope)) as Promise<StoryboardItem[]>;

export const displayImagesKey = (scope: ListScope): string => endpointUrl(...displayImagesCall(scope));
export const readDisplayImages = (scope: ListScope) =>
  takeCall(...displayImagesCall(scope)) as Promise<Record<string, string | null>>;

/**
 * Starts what a list screen first shows (its items, their pictures, the movie's and scene's titles) as
 * its route matches, before its code has loaded; the screen's reads take these over.
 */
export function startStoryboardReads(scope: ListScope): void {
  const { movieId, sceneId } = scope;
  startCall(...listCall(scope));
  startCall(...displayImagesCall(scope));
  startCall(endpoints.getMovie, { params: { movieId } });
  if (scope.level === 'shot' && sceneId) startCall(endpoints.getScene, { params: { sceneId } });
}
