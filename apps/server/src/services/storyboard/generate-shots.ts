import {
  detectCharacters,
  GENERATED_SHOT_KEYS,
  STORYBOARD_MESSAGES,
  type GenerateShotsBody,
  type GeneratedShot,
} from '@cinegraph/contracts';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { badRequest } from '../../http/errors';
import type { Planner } from '../../llm/planner';
import { requireMovieMember } from '../movies/access';
import { listCharacters } from './characters';
import { requireScene } from './scenes';

const RESERVED_KEYS = new Set<string>(GENERATED_SHOT_KEYS);

/**
 * Plans a scene's shots; nothing is written (the client creates each shot: a blank shot, then an
 * update). Without character names in the body the movie's own characters are used.
 */
export async function generateShots(
  db: Database,
  planner: Planner,
  userId: string,
  body: z.output<typeof GenerateShotsBody>,
): Promise<GeneratedShot[]> {
  await requireMovieMember(db, body.movie_id, userId);
  if (body.scene_id) await requireScene(db, body.scene_id, userId, body.movie_id);
  const sceneDescription = body.scene_description.trim();
  if (!sceneDescription) throw badRequest(STORYBOARD_MESSAGES.sceneDescriptionMissing);
  const given = body.characters.filter((name) => name.trim());
  const names =
    given.length > 0 ? given : (await listCharacters(db, body.movie_id)).map((character) => character.name);
  if (detectCharacters(sceneDescription, names).length === 0) {
    throw badRequest(STORYBOARD_MESSAGES.noCharactersDetected);
  }
  return planner.planShots({
    sceneDescription,
    characters: names,
    extraKeys: [...new Set(body.extra_keys)].filter((key) => !RESERVED_KEYS.has(key)),
    amountOfShots: body.amount_of_shots,
    fixedSceneFacts: body.fixed_scene_facts,
  });
}
