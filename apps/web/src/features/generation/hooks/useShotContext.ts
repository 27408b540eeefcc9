import { endpoints } from '@cinegraph/contracts';
import useSWR from 'swr';
import { endpointUrl } from '../../../lib/api';
import { takeCall } from '../../../lib/readAhead';

function useRead<T>(key: string | null, read: () => Promise<T>) {
  return useSWR(key, read, { revalidateOnFocus: false }).data;
}

/** What surrounds a shot's generations: the movie, scene and shot titles, the scene's shots, workflows. */
export function useShotContext(movieId: string, sceneId: string, shotId: string) {
  const movie = useRead(endpointUrl(endpoints.getMovie, { params: { movieId } }), () =>
    takeCall(endpoints.getMovie, { params: { movieId } }),
  );
  const scene = useRead(endpointUrl(endpoints.getScene, { params: { sceneId } }), () =>
    takeCall(endpoints.getScene, { params: { sceneId } }),
  );
  const shots = useRead(endpointUrl(endpoints.listShots, { params: { sceneId } }), () =>
    takeCall(endpoints.listShots, { params: { sceneId } }),
  );
  // The spec: a failure to load the workflow nodes reads as none.
  const workflows = useRead(endpointUrl(endpoints.listMovieWorkflowNodes, { params: { movieId } }), () =>
    takeCall(endpoints.listMovieWorkflowNodes, { params: { movieId } }).catch(() => []),
  );
  const shot = shots?.find((item) => item._id === shotId);
  const position = shots && shot ? shots.indexOf(shot) : -1;
  return { movie, scene, shots, shot, position, workflows };
}
