import { readFileSync } from 'node:fs';
import path from 'node:path';
import { mentionsName } from '@cinegraph/contracts';
import { describe, expect, it } from 'vitest';
import { breakDown } from './breakdown';
import { characterKey, characterName } from './character-names';
import { parseFdx } from './fdx';
import { parseFountain } from './fountain';

const fixture = (name: string) => readFileSync(path.join(import.meta.dirname, 'fixtures', name), 'utf8');
const guide = breakDown(parseFountain(fixture('syntax-guide.fountain')));
const bohemia = breakDown(parseFountain(fixture('bohemia.fountain')));

describe('character names', () => {
  it("makes STEEL, STEEL (V.O.), STEEL (CONT'D), @Steel ^ one character", () => {
    const keys = ['STEEL', 'STEEL (V.O.)', "STEEL (CONT'D)", 'Steel (cont’d)', '@Steel ^'].map(characterKey);
    expect(new Set(keys)).toEqual(new Set(['STEEL']));
  });

  it('stores a cue in capitals as a name and keeps a mixed-case cue as written', () => {
    expect(['STEEL (V.O.)', 'MRS. GRANT', 'JEAN-LUC', "O'NEIL", '@McCLANE'].map(characterName)).toEqual([
      'Steel',
      'Mrs. Grant',
      'Jean-Luc',
      "O'Neil",
      'McCLANE',
    ]);
  });
});

describe('the breakdown', () => {
  it('starts a scene at each heading with its INT/EXT, location, time of day, number and synopsis', () => {
    expect(guide.scenes.map((s) => [s.int_ext, s.location, s.time_of_day, s.number])).toEqual([
      ['INT', "STEEL'S OFFICE", 'DAY', '1'],
      ['EXT', 'ROOFTOP', 'NIGHT', null],
      ['', 'FLASHBACK - THE WAREHOUSE', '', null],
      ['INT/EXT', 'CAR (MOVING)', 'CONTINUOUS', null],
      ['EST', 'CITY SKYLINE', '', null],
      ['INT/EXT', 'DOORWAY', 'DAWN', null],
      ['INT', 'CORRIDOR', 'LATER', '2A'],
    ]);
    expect(guide.scenes[0]!.description).toBe('Steel waits for Brick.');
    expect(guide.title).toBe('THE SYNTAX GUIDE in one reel');
  });

  it('makes action a shot, joins a line to the action naming its speaker, and gives other lines shots of their own', () => {
    const office = guide.scenes[0]!.shots;
    expect(office.map((s) => [s.description.split('\n')[0], s.dialogue])).toEqual([
      [
        'Steel sits at her desk, very still, reading a report. She underlines a line with a *red* pen.',
        "You're late.",
      ],
      ['Brick: Traffic.', 'Traffic.'],
      ['SLAM! The door flies open.', ''],
      ['Brick (beat): I brought coffee.', 'I brought coffee.\nTwo sugars.'],
      ['Steel: Just like last time?', 'Steel: Just like last time?\nBrick: Just like last time.'],
      ['McCLANE: Yippee ki-yay.', 'Yippee ki-yay.'],
      ['Steel: Sit down.', 'Sit down.\n\nAnd listen.'],
      ['Happy birthday to you,', 'Happy birthday to you,\nhappy birthday to you.'],
    ]);
  });

  it('makes no shot of transitions, centered text, sections, synopses, notes or page breaks', () => {
    const texts = JSON.stringify(guide.scenes.flatMap((s) => s.shots));
    for (const absent of ['CUT TO', 'FADE IN', 'THE END OF THE SCENE', 'ACT ONE', 'Every element', 'note']) {
      expect(texts).not.toContain(absent);
    }
    expect(guide.scenes.map((s) => s.shots.length)).toEqual([8, 1, 1, 0, 0, 0, 1]);
  });

  it('counts each character once with their dialogue blocks, and every shot names its characters', () => {
    expect(guide.characters.map((c) => [c.name, c.lines])).toEqual([
      ['Steel', 3],
      ['Brick', 4],
      ['McCLANE', 1],
    ]);
    for (const shot of guide.scenes.flatMap((s) => s.shots)) {
      for (const name of shot.characters) expect(mentionsName(shot.description, name)).toBe(true);
    }
    expect(guide.scenes[6]!.shots[0]!.characters).toEqual(['Steel', 'Brick']);
  });

  it('gives the same breakdown for the same script every time', () => {
    expect(breakDown(parseFountain(fixture('syntax-guide.fountain')))).toEqual(guide);
  });

  it('reads the Final Draft version of a script to the same scenes, shots and characters as its Fountain', () => {
    const fdx = breakDown(parseFdx(fixture('bohemia.fdx')));
    expect(fdx.title).toBe('A Scandal in Bohemia');
    expect(fdx.scenes.map((s) => s.number)).toEqual(['1', '2', '3', '4']);
    expect(fdx.scenes[1]!.shots[0]!.camera_angle).toBe('CLOSE ON THE FIRE');
    const withoutFdxOnly = (b: typeof fdx) =>
      b.scenes.map(({ number: _n, shots, ...scene }) => ({
        ...scene,
        shots: shots.map(({ camera_angle: _c, ...shot }) => shot),
      }));
    expect(withoutFdxOnly(fdx)).toEqual(withoutFdxOnly(bohemia));
    expect(fdx.characters).toEqual(bohemia.characters);
  });

  it('breaks a public-domain script down into its scenes, dual dialogue and cast', () => {
    expect(bohemia.scenes.map((s) => s.shots.length)).toEqual([1, 5, 3, 1]);
    expect(bohemia.scenes[2]!.shots[2]!.dialogue).toBe(
      'Watson: He knew all along.\nKing: He knew all along.',
    );
    expect(bohemia.characters.map((c) => [c.name, c.lines])).toEqual([
      ['Holmes', 4],
      ['Watson', 3],
      ['King', 2],
      ['Irene', 1],
    ]);
  });

  it('puts shots before the first heading into a scene without heading', () => {
    const { scenes } = breakDown(parseFountain('A cold open.\n\nINT. HALL - DAY\n\nAnn waits.\n'));
    expect(scenes.map((s) => [s.heading, s.shots.map((shot) => shot.description)])).toEqual([
      ['', ['A cold open.']],
      ['INT. HALL - DAY', ['Ann waits.']],
    ]);
  });

  it("breaks the tutorial's sample down as the tutorial says", () => {
    const sample =
      "Title: The Night Shift\n\nINT. HOTEL LOBBY - NIGHT\n\nAlex watches the revolving door.\n\nALEX\n(quietly)\nWe're closed.\n\nSAM (O.S.)\nNot for me.\n";
    const { title, scenes } = breakDown(parseFountain(sample));
    expect(title).toBe('The Night Shift');
    expect(scenes.map((s) => [s.int_ext, s.location, s.time_of_day])).toEqual([
      ['INT', 'HOTEL LOBBY', 'NIGHT'],
    ]);
    expect(scenes[0]!.shots.map((s) => [s.description, s.dialogue])).toEqual([
      ['Alex watches the revolving door.', "We're closed."],
      ['Sam: Not for me.', 'Not for me.'],
    ]);
  });

  it('reads the lines under a cue without a name as action', () => {
    const { scenes, characters } = breakDown(parseFountain('INT. HALL - DAY\n\n@(V.O.)\nSomeone speaks.\n'));
    expect(scenes[0]!.shots).toEqual([
      { description: 'Someone speaks.', dialogue: '', camera_angle: '', characters: [] },
    ]);
    expect(characters).toEqual([]);
  });
});
