import { endpoints, type Character } from '@cinegraph/contracts';
import { useMemo } from 'react';
import useSWR from 'swr';
import { useOffline } from '../../../lib/offline';
import { apiCall, endpointUrl } from '../../../lib/api';
import { takeCall } from '../../../lib/readAhead';
import type { LevelStats } from '../logic/newOutput';
import { displayImagesKey, readDisplayImages, type ListScope } from '../storyboardReads';

/** The spec: stats and new-output lists are refreshed every 30 s. */
export const STATS_POLL_MS = 30_000;

/** The titles the breadcrumb shows: the movie's, and on a shot list the scene's. */
export function useParentTitles(scope: ListScope) {
  const { movieId, sceneId } = scope;
  const movie = useSWR(endpointUrl(endpoints.getMovie, { params: { movieId } }), () =>
    takeCall(endpoints.getMovie, { params: { movieId } }),
  );
  const scene = useSWR(
    scope.level === 'shot' && sceneId ? endpointUrl(endpoints.getScene, { params: { sceneId } }) : null,
    () => takeCall(endpoints.getScene, { params: { sceneId: sceneId ?? '' } }),
  );
  return { movieTitle: movie.data?.title, sceneTitle: scene.data?.title };
}

/** Whether the movie has workflow nodes (a shot can be entered only then); a failure reads as none. */
export function useHasWorkflowNodes(movieId: string): boolean {
  const { data } = useSWR(endpointUrl(endpoints.listMovieWorkflowNodes, { params: { movieId } }), () =>
    apiCall(endpoints.listMovieWorkflowNodes, { params: { movieId } }).catch(() => []),
  );
  return (data?.length ?? 0) > 0;
}

/** The movie's characters (to detect them in shot and scene descriptions). */
export function useMovieCharacters(movieId: string, enabled: boolean): Character[] {
  const { data } = useSWR(
    enabled ? endpointUrl(endpoints.listCharacters, { params: { movieId } }) : null,
    () => apiCall(endpoints.listCharacters, { params: { movieId } }),
    // Characters renamed on their own screen a moment ago must be detected under their new names.
    { dedupingInterval: 0 },
  );
  return data ?? [];
}

/** Ids of the scenes or shots with new output, polled. Characters have no such list. */
export function useWithNewOutput(scope: ListScope): { ids: readonly string[]; refresh(): void } {
  const { level, movieId, sceneId } = scope;
  const key =
    level === 'scene'
      ? endpointUrl(endpoints.scenesWithNewOutput, { params: { movieId } })
      : level === 'shot' && sceneId
        ? endpointUrl(endpoints.shotsWithNewOutput, { params: { sceneId } })
        : null;
  const { data, mutate } = useSWR(
    key,
    () =>
      level === 'scene'
        ? apiCall(endpoints.scenesWithNewOutput, { params: { movieId } })
        : apiCall(endpoints.shotsWithNewOutput, { params: { sceneId: sceneId ?? '' } }),
    { refreshInterval: STATS_POLL_MS },
  );
  return useMemo(() => ({ ids: data ?? [], refresh: () => void mutate() }), [data, mutate]);
}

/** The selected scene's or shot's generation stats, polled; failures are only logged. */
export function useGenerationStats(level: ListScope['level'], id: string | null): LevelStats | undefined {
  const key =
    id && level === 'scene'
      ? endpointUrl(endpoints.sceneGenerationStats, { params: { sceneId: id } })
      : id && level === 'shot'
        ? endpointUrl(endpoints.shotGenerationStats, { params: { shotId: id } })
        : null;
  const { data } = useSWR(
    key,
    async (): Promise<LevelStats | undefined> => {
      try {
        return level === 'scene'
          ? await apiCall(endpoints.sceneGenerationStats, { params: { sceneId: id ?? '' } })
          : await apiCall(endpoints.shotGenerationStats, { params: { shotId: id ?? '' } });
      } catch (error) {
        console.warn('Generation stats failed', error);
        return undefined;
      }
    },
    { refreshInterval: STATS_POLL_MS },
  );
  return data;
}

/**
 * The pictures of a list's tiles, by item id, in one call for the whole list: refreshed every 30 s
 * (and on focus) only for shots, whose takes finish while the list is open (the spec).
 */
export function useDisplayImages(scope: ListScope): Readonly<Record<string, string | null>> | undefined {
  const shot = scope.level === 'shot';
  const offline = useOffline();
  const { data } = useSWR(offline ? null : displayImagesKey(scope), () => readDisplayImages(scope), {
    shouldRetryOnError: false,
    revalidateOnFocus: shot,
    refreshInterval: shot ? STATS_POLL_MS : 0,
  });
  return data;
}
