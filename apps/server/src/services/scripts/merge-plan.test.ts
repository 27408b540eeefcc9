import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { alignByText, mergedOrder } from './align';
import { breakDown, type Breakdown } from './breakdown';
import { parseFountain } from './fountain';
import { planImport, type ExistingStoryboard } from './merge-plan';

const script = (name: string) =>
  breakDown(parseFountain(readFileSync(path.join(import.meta.dirname, 'fixtures', name), 'utf8')));
const EMPTY: ExistingStoryboard = { title: 'Untitled Movie', untitled: true, scenes: [], characters: [] };

/** The movie as a first import of `breakdown` left it, with ids scene-N, shot-N-M, character-N and a take per shot. */
function imported(breakdown: Breakdown): ExistingStoryboard {
  return {
    title: breakdown.title ?? 'Untitled Movie',
    untitled: false,
    scenes: breakdown.scenes.map((scene, n) => ({
      id: `scene-${n}`,
      title: scene.heading,
      location: scene.location,
      description: scene.description,
      sceneTakes: 0,
      shots: scene.shots.map((shot, m) => ({ id: `shot-${n}-${m}`, ...shot, takes: 1 })),
    })),
    characters: breakdown.characters.map((c, n) => ({ id: `character-${n}`, name: c.name })),
  };
}

describe('aligning lists by text', () => {
  it('matches equal texts in order, then similar ones between two matches, and keeps leftovers among their neighbours', () => {
    const existing = ['INT. HALL - DAY', 'EXT. YARD - DAY', 'INT. HALL - NIGHT', 'INT. ATTIC - DAY'];
    const incoming = ['INT. HALL - DAY', 'EXT. YARD - NIGHT', 'INT. CELLAR - DAY', 'INT. ATTIC - DAY'];
    const matched = alignByText(existing, incoming);
    expect(matched).toEqual([0, 1, -1, 3]);
    expect(mergedOrder(existing.length, matched)).toEqual([
      { incoming: 0 },
      { incoming: 1 },
      { existing: 2 },
      { incoming: 2 },
      { incoming: 3 },
    ]);
  });
});

describe('planning an import', () => {
  it('adds everything to a new movie and titles it from the title page', () => {
    const { preview } = planImport(script('bohemia.fountain'), EMPTY);
    expect(preview.title).toBe('A Scandal in Bohemia');
    expect(preview.title_changes).toBe(true);
    expect(
      preview.scenes.every((s) => s.change === 'add' && s.shots.every((shot) => shot.change === 'add')),
    ).toBe(true);
    expect(preview.characters.map((c) => [c.name, c.change])).toEqual([
      ['Holmes', 'add'],
      ['Watson', 'add'],
      ['King', 'add'],
      ['Irene', 'add'],
    ]);
    expect(preview.removable).toEqual([]);
  });

  it('keeps every id and changes nothing when the same script is imported again', () => {
    const breakdown = script('bohemia.fountain');
    const { preview } = planImport(breakdown, imported(breakdown));
    expect(preview.scenes.map((s) => [s.scene_id, s.change])).toEqual([
      ['scene-0', 'keep'],
      ['scene-1', 'keep'],
      ['scene-2', 'keep'],
      ['scene-3', 'keep'],
    ]);
    expect(preview.scenes.flatMap((s) => s.shots).every((shot) => shot.change === 'keep')).toBe(true);
    expect(preview.title_changes).toBe(false);
    expect(preview.removable).toEqual([]);
  });

  it('merges an edited script: edits keep their ids, new items are added, items gone are only listed', () => {
    const movie = imported(script('bohemia.fountain'));
    const { preview, sceneOrder, shotOrders } = planImport(script('bohemia-edited.fountain'), movie);
    expect(preview.scenes.map((s) => [s.heading, s.scene_id, s.change])).toEqual([
      ['EXT. BAKER STREET - NIGHT', 'scene-0', 'keep'],
      ['INT. 221B BAKER STREET - SITTING ROOM - NIGHT', 'scene-1', 'keep'],
      ['INT. 221B BAKER STREET - SITTING ROOM - MOMENTS LATER', 'scene-2', 'change'],
      ['EXT. SERPENTINE AVENUE - DAY', null, 'add'],
    ]);
    expect(preview.scenes[0]!.shots.map((s) => [s.shot_id, s.change, s.takes])).toEqual([
      ['shot-0-0', 'change', 1],
    ]);
    expect(preview.scenes[1]!.shots.map((s) => [s.shot_id, s.change])).toEqual([
      ['shot-1-0', 'keep'],
      ['shot-1-2', 'keep'],
      [null, 'add'],
      ['shot-1-3', 'keep'],
      ['shot-1-4', 'keep'],
    ]);
    expect(preview.removable).toEqual([
      {
        level: 'shot',
        id: 'shot-1-1',
        title: 'Watson: Seven!',
        scene_title: movie.scenes[1]!.title,
        shots: 0,
        takes: 1,
      },
      {
        level: 'scene',
        id: 'scene-3',
        title: 'EXT. BRIONY LODGE - EVENING',
        scene_title: null,
        shots: 1,
        takes: 1,
      },
      { level: 'character', id: 'character-3', title: 'Irene', scene_title: null, shots: 0, takes: 0 },
    ]);
    expect(preview.characters.map((c) => [c.name, c.change, c.character_id])).toEqual([
      ['Holmes', 'keep', 'character-0'],
      ['Watson', 'keep', 'character-1'],
      ['King', 'keep', 'character-2'],
      ['Godfrey', 'add', null],
    ]);
    // Leftovers stay where they were until the user removes them.
    expect(sceneOrder).toEqual([
      { incoming: 0 },
      { incoming: 1 },
      { incoming: 2 },
      { existing: 3 },
      { incoming: 3 },
    ]);
    expect(shotOrders[1]).toEqual([
      { incoming: 0 },
      { existing: 1 },
      { incoming: 1 },
      { incoming: 2 },
      { incoming: 3 },
      { incoming: 4 },
    ]);
  });

  it('matches characters the movie already has whatever their case, and gives a fingerprint that follows the movie', () => {
    const breakdown = script('bohemia.fountain');
    const movie = { ...EMPTY, characters: [{ id: 'mine', name: 'holmes' }] };
    const first = planImport(breakdown, movie).preview;
    expect(first.characters[0]).toEqual({ change: 'keep', character_id: 'mine', name: 'holmes', lines: 4 });
    expect(planImport(breakdown, movie).preview.fingerprint).toBe(first.fingerprint);
    const moved = { ...movie, characters: [{ id: 'mine', name: 'Holmes Senior' }] };
    expect(planImport(breakdown, moved).preview.fingerprint).not.toBe(first.fingerprint);
  });
});
