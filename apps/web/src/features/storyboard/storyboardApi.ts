import { endpoints, type StoryboardLevel } from '@cinegraph/contracts';
import { apiCall, endpointUrl } from '../../lib/api';
import type { StoryboardItem } from './logic/levels';

/** Which list a screen shows: scenes or characters of a movie, or shots of a scene. */
export interface ListScope {
  level: StoryboardLevel;
  movieId: string;
  /** Required for shots. */
  sceneId?: string;
}

function sceneOf(scope: ListScope): string {
  if (!scope.sceneId) throw new Error('A shot list needs its scene');
  return scope.sceneId;
}

/** The SWR key of a list: its URL. */
export function listKey(scope: ListScope): string {
  const { level, movieId } = scope;
  if (level === 'scene') return endpointUrl(endpoints.listScenes, { params: { movieId } });
  if (level === 'shot') return endpointUrl(endpoints.listShots, { params: { sceneId: sceneOf(scope) } });
  return endpointUrl(endpoints.listCharacters, { params: { movieId } });
}

export function fetchList(scope: ListScope): Promise<StoryboardItem[]> {
  const { level, movieId } = scope;
  if (level === 'scene') return apiCall(endpoints.listScenes, { params: { movieId } });
  if (level === 'shot') return apiCall(endpoints.listShots, { params: { sceneId: sceneOf(scope) } });
  return apiCall(endpoints.listCharacters, { params: { movieId } });
}

/** Adds an item at the end of the list. */
export function createItem(scope: ListScope): Promise<StoryboardItem> {
  const { level, movieId } = scope;
  if (level === 'scene') return apiCall(endpoints.createScene, { query: { movie_id: movieId }, body: {} });
  if (level === 'shot') {
    return apiCall(endpoints.createShot, {
      query: { scene_id: sceneOf(scope), movie_id: movieId },
      body: {},
    });
  }
  return apiCall(endpoints.createCharacter, { query: { movie_id: movieId }, body: {} });
}

/**
 * Sends the whole item (the server ignores the keys it does not update). Its `index` only goes with a
 * move: an edit made on a list loaded before another member's reorder must not move the item back.
 */
export function updateItem(
  scope: ListScope,
  item: StoryboardItem,
  { move = false } = {},
): Promise<StoryboardItem> {
  const { index, ...fields } = item;
  const body = move ? { ...fields, index } : fields;
  const options = { params: { id: item._id }, query: { movie_id: scope.movieId } };
  if (scope.level === 'scene') return apiCall(endpoints.updateScene, { ...options, body });
  if (scope.level === 'shot') return apiCall(endpoints.updateShot, { ...options, body });
  return apiCall(endpoints.updateCharacter, { ...options, body });
}

/** Copies an item; the server inserts the copy right after it. */
export function copyItem(scope: ListScope, id: string): Promise<StoryboardItem> {
  const options = { params: { id }, query: { movie_id: scope.movieId } };
  if (scope.level === 'scene') return apiCall(endpoints.copyScene, options);
  if (scope.level === 'shot') return apiCall(endpoints.copyShot, options);
  return apiCall(endpoints.copyCharacter, options);
}

export async function deleteItem(scope: ListScope, id: string): Promise<void> {
  const options = { params: { id }, query: { movie_id: scope.movieId } };
  if (scope.level === 'scene') await apiCall(endpoints.deleteScene, options);
  else if (scope.level === 'shot') await apiCall(endpoints.deleteShot, options);
  else await apiCall(endpoints.deleteCharacter, options);
}
