import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseFountain } from './fountain';
import type { ScriptElement } from './script-elements';

const fixture = (name: string) => readFileSync(path.join(import.meta.dirname, 'fixtures', name), 'utf8');
const guide = parseFountain(fixture('syntax-guide.fountain'));
const ofKind = <K extends ScriptElement['kind']>(kind: K) =>
  guide.elements.filter((e): e is Extract<ScriptElement, { kind: K }> => e.kind === kind);
const textsOf = (kind: ScriptElement['kind']) =>
  guide.elements.filter((e) => e.kind === kind).map((e) => ('text' in e ? e.text : ''));

describe('the Fountain parser on every element of the syntax guide', () => {
  it('reads the title page (indented values, emphasis removed) and starts the body after it', () => {
    expect(guide.title).toBe('THE SYNTAX GUIDE in one reel');
    expect(guide.elements[0]).toEqual({ kind: 'section', text: 'ACT ONE' });
  });

  it('reads scene headings of every prefix, forced headings and scene numbers', () => {
    expect(ofKind('heading').map((h) => [h.text, h.number, h.forced])).toEqual([
      ["INT. STEEL'S OFFICE - DAY", '1', false],
      ['EXT. ROOFTOP - NIGHT', null, false],
      ['FLASHBACK - THE WAREHOUSE', null, true],
      ['I/E. CAR (MOVING) - CONTINUOUS', null, false],
      ['EST. CITY SKYLINE', null, false],
      ['INT./EXT. DOORWAY - DAWN', null, false],
      ['INT. CORRIDOR -- LATER', '2A', false],
    ]);
  });

  it('keeps action with its line breaks, removes emphasis (keeping escaped stars) and inline notes', () => {
    expect(ofKind('action')[0]!.text).toBe(
      'Steel sits at her desk, very still, reading a report. She underlines a line with a *red* pen.\n' +
        'The window rattles.',
    );
    expect(ofKind('action').map((a) => a.text)).toContain('SLAM! The door flies open.');
  });

  it('reads cues with extensions, parentheticals, dialogue, dual dialogue, forced @ cues and kept blank lines', () => {
    const speeches = ofKind('dialogue');
    expect(speeches.map((s) => [s.cue, s.dual])).toEqual([
      ['STEEL', false],
      ['BRICK (O.S.)', false],
      ['BRICK', false],
      ['STEEL', false],
      ['BRICK', true],
      ['McCLANE', false],
      ["STEEL (CONT'D)", false],
      ['BRICK (V.O.)', false],
    ]);
    expect(speeches[2]!.lines).toEqual([
      { kind: 'line', text: 'I brought coffee.' },
      { kind: 'parenthetical', text: '(beat)' },
      { kind: 'line', text: 'Two sugars.' },
    ]);
    expect(speeches[6]!.lines.map((l) => l.text)).toEqual(['Sit down.', '', 'And listen.']);
  });

  it('reads lyrics, centered text, transitions (TO:, forced >, FADE IN:), sections, synopses and page breaks', () => {
    expect(ofKind('lyrics')).toEqual([
      { kind: 'lyrics', text: 'Happy birthday to you,\nhappy birthday to you.' },
    ]);
    expect(textsOf('centered')).toEqual(['THE END OF THE SCENE']);
    expect(textsOf('transition')).toEqual(['FADE IN:', 'CUT TO:', 'SMASH CUT TO:']);
    expect(textsOf('section')).toEqual(['ACT ONE', 'The office']);
    expect(ofKind('synopsis').map((c) => c.text)).toEqual([
      'Every element of the Fountain syntax guide, once.',
      'Steel waits for Brick.',
    ]);
    expect(ofKind('page-break')).toHaveLength(1);
  });

  it('leaves out the boneyard and notes on their own line', () => {
    const all = JSON.stringify(guide.elements);
    expect(all).not.toContain('nobody will ever read');
    expect(all).not.toContain('note');
  });

  it('reads Windows line endings and a byte-order mark like plain text', () => {
    const windows = parseFountain(`\uFEFF${fixture('syntax-guide.fountain').replaceAll('\n', '\r\n')}`);
    expect(windows).toEqual(guide);
  });

  it('takes an all-capital line without dialogue under it for action, not a cue', () => {
    const { elements } = parseFountain('INT. HALL - DAY\n\nTHE LIGHTS GO OUT.\n\nBOOM\n');
    expect(elements.slice(1)).toEqual([
      { kind: 'action', text: 'THE LIGHTS GO OUT.' },
      { kind: 'action', text: 'BOOM' },
    ]);
  });
});
