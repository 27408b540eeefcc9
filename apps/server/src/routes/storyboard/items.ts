import { endpoints as ep } from '@cinegraph/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { route } from '../../http/route';
import { presentCharacter, presentScene, presentShot } from '../../presenters/storyboard';
import { requireMovieMember } from '../../services/movies/access';
import * as characters from '../../services/storyboard/characters';
import * as scenes from '../../services/storyboard/scenes';
import * as shots from '../../services/storyboard/shots';

/** Scenes, shots and characters: list, read, create, update (and reorder), copy, delete. */
export function storyboardItemRoutes(app: FastifyInstance, { db }: AppDeps): void {
  route(app, ep.listScenes, async ({ params, userId }) => {
    await requireMovieMember(db, params.movieId, userId);
    return (await scenes.listScenes(db, params.movieId)).map(presentScene);
  });
  route(app, ep.getScene, async ({ params, userId }) =>
    presentScene(await scenes.requireScene(db, params.sceneId, userId)),
  );
  route(app, ep.createScene, async ({ query, body, userId }) => {
    await requireMovieMember(db, query.movie_id, userId);
    return presentScene(await scenes.createScene(db, query.movie_id, body?.index));
  });
  route(app, ep.updateScene, async ({ params, query, body, userId }) => {
    const scene = await scenes.requireScene(db, params.id, userId, query.movie_id);
    return presentScene(await scenes.updateScene(db, scene, body));
  });
  route(app, ep.copyScene, async ({ params, query, userId }) => {
    const scene = await scenes.requireScene(db, params.id, userId, query.movie_id);
    return presentScene(await scenes.copyScene(db, scene));
  });
  route(app, ep.deleteScene, async ({ params, query, userId }) => {
    await scenes.deleteScene(db, await scenes.requireScene(db, params.id, userId, query.movie_id));
    return { message: 'Scene deleted' };
  });

  route(app, ep.listShots, async ({ params, userId }) => {
    await scenes.requireScene(db, params.sceneId, userId);
    return (await shots.listShots(db, params.sceneId)).map(presentShot);
  });
  route(app, ep.getShot, async ({ params, userId }) =>
    presentShot(await shots.requireShot(db, params.shotId, userId)),
  );
  route(app, ep.createShot, async ({ query, body, userId }) => {
    const scene = await scenes.requireScene(db, query.scene_id, userId, query.movie_id);
    return presentShot(await shots.createShot(db, scene, body?.index));
  });
  route(app, ep.updateShot, async ({ params, query, body, userId }) => {
    const shot = await shots.requireShot(db, params.id, userId, query.movie_id);
    return presentShot(await shots.updateShot(db, shot, body));
  });
  route(app, ep.copyShot, async ({ params, query, userId }) => {
    const shot = await shots.requireShot(db, params.id, userId, query.movie_id);
    return presentShot(await shots.copyShot(db, shot));
  });
  route(app, ep.deleteShot, async ({ params, query, userId }) => {
    await shots.deleteShot(db, await shots.requireShot(db, params.id, userId, query.movie_id));
    return { message: 'Shot deleted' };
  });

  route(app, ep.listCharacters, async ({ params, userId }) => {
    await requireMovieMember(db, params.movieId, userId);
    return (await characters.listCharacters(db, params.movieId)).map(presentCharacter);
  });
  route(app, ep.createCharacter, async ({ query, body, userId }) => {
    await requireMovieMember(db, query.movie_id, userId);
    return presentCharacter(await characters.createCharacter(db, query.movie_id, body?.index));
  });
  route(app, ep.updateCharacter, async ({ params, query, body, userId }) => {
    const character = await characters.requireCharacter(db, params.id, userId, query.movie_id);
    return presentCharacter(await characters.updateCharacter(db, character, body));
  });
  route(app, ep.copyCharacter, async ({ params, query, userId }) => {
    const character = await characters.requireCharacter(db, params.id, userId, query.movie_id);
    return presentCharacter(await characters.copyCharacter(db, character));
  });
  route(app, ep.deleteCharacter, async ({ params, query, userId }) => {
    const character = await characters.requireCharacter(db, params.id, userId, query.movie_id);
    await characters.deleteCharacter(db, character);
    return { message: 'Character deleted' };
  });
}
