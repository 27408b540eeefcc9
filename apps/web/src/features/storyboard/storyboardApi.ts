import { endpoints } from '@cinegraph/contracts';
import { apiCall } from '../../lib/api';
import type { StoryboardItem } from './logic/levels';
import { sceneOf, type ListScope } from './storyboardReads';

export { listKey, readList, type ListScope } from './storyboardReads';

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
