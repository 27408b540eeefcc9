import {
  detectCharacters,
  endpoints,
  STORYBOARD_MESSAGES,
  type GeneratedShot,
  type Scene,
} from '@cinegraph/contracts';
import { apiCall, ApiError } from '../../../lib/api';
import { fillPlannedInputs } from '../logic/generateShots';

export interface AutomaticShotsRequest {
  movieId: string;
  scene: Scene;
  description: string;
  characterNames: readonly string[];
  amount: number;
  fixedSceneFacts: string;
}

/** Plans shots for a scene, then adds each: a blank shot, updated with its text and planned inputs. */
export async function createAutomaticShots(request: AutomaticShotsRequest): Promise<number> {
  const { movieId, scene } = request;
  let planned: GeneratedShot[];
  try {
    const answer = await apiCall(endpoints.generateShots, {
      body: {
        movie_id: movieId,
        scene_id: scene._id,
        scene_description: request.description,
        characters: detectCharacters(request.description, request.characterNames),
        amount_of_shots: request.amount,
        fixed_scene_facts: request.fixedSceneFacts,
      },
    });
    planned = answer.shots;
  } catch (error) {
    const detail = error instanceof ApiError && error.status !== 0 ? error.message : null;
    throw new Error(
      detail && detail !== 'Request failed' ? detail : STORYBOARD_MESSAGES.generateShotsFailed,
      {
        cause: error,
      },
    );
  }
  for (const shot of planned) {
    const blank = await apiCall(endpoints.createShot, {
      query: { scene_id: scene._id, movie_id: movieId },
      body: {},
    });
    await apiCall(endpoints.updateShot, {
      params: { id: blank._id },
      query: { movie_id: movieId },
      body: {
        ...blank,
        description: shot.description,
        dialogue: shot.dialogue,
        camera_angle: shot.camera_angle,
        inputs: fillPlannedInputs(blank.inputs, shot),
      },
    });
  }
  return planned.length;
}
