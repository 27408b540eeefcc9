import type { Character, Movie, Scene, Shot } from '@cinegraph/contracts';
import { expect } from 'vitest';
import type { SignedInUser } from '../../test/sign-in';
import type { TestApp } from '../../test/test-app';
import { editorClient } from '../editor/editor-test-client';

/** The editor test client plus the storyboard's calls, each through the real app. */
export function storyboardClient(t: TestApp) {
  const editor = editorClient(t);
  const { ok } = editor;
  return {
    ...editor,
    scenes: (user: SignedInUser, movieId: string) => ok<Scene[]>(user, 'GET', `/scenes/movie/${movieId}`),
    addScene: (user: SignedInUser, movieId: string, body?: { index: number }) =>
      ok<Scene>(user, 'POST', `/scenes?movie_id=${movieId}`, body),
    updateScene: (user: SignedInUser, scene: Scene, changes: Partial<Scene>) =>
      ok<Scene>(user, 'POST', `/scenes/update/${scene._id}`, { ...scene, ...changes }),
    shots: (user: SignedInUser, sceneId: string) => ok<Shot[]>(user, 'GET', `/shots/scene/${sceneId}`),
    addShot: (user: SignedInUser, scene: Scene, body?: { index: number }) =>
      ok<Shot>(user, 'POST', `/shots?scene_id=${scene._id}&movie_id=${scene.movie_id}`, body),
    updateShot: (user: SignedInUser, shot: Shot, changes: Partial<Shot>) =>
      ok<Shot>(user, 'POST', `/shots/update/${shot._id}`, { ...shot, ...changes }),
    characters: (user: SignedInUser, movieId: string) =>
      ok<Character[]>(user, 'GET', `/characters/movie/${movieId}`),
    addCharacter: (user: SignedInUser, movieId: string, body?: { index: number }) =>
      ok<Character>(user, 'POST', `/characters?movie_id=${movieId}`, body),
    updateCharacter: (user: SignedInUser, character: Character, changes: Partial<Character>) =>
      ok<Character>(user, 'POST', `/characters/update/${character._id}`, { ...character, ...changes }),
    /** A movie from the text-to-video template: one scene with two shots, the character Mara. */
    starterMovie: async (user: SignedInUser) => {
      const [template] = await editor.templates(user);
      return ok<Movie>(
        user,
        'POST',
        `/movies/insert_with_editor_state/user/${user.userId}/source_movie/${template!._id}`,
      );
    },
  };
}

export type StoryboardClient = ReturnType<typeof storyboardClient>;

/** The titles of a list in its order, for readable assertions. */
export function titles(items: readonly (Scene | Character)[]): string[] {
  return items.map((item) => item.title);
}

export function expectIndexes(items: readonly { index: number }[]): void {
  expect(items.map((item) => item.index)).toEqual(items.map((_, position) => position));
}
