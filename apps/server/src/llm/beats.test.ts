import { describe, expect, it } from 'vitest';
import { clauses, quotedSpeech, sceneBeats, sentences } from './beats';

describe('scene beats', () => {
  it('splits sentences at full stops, question and exclamation marks and line breaks', () => {
    expect(sentences('Mara runs. Is Tom there?\nHe waves! ')).toEqual([
      'Mara runs.',
      'Is Tom there?',
      'He waves!',
    ]);
  });

  it('keeps quoted speech whole, whatever punctuation it holds', () => {
    expect(sentences('Mara shouts "Stop. Now!" and Tom turns. He smiles.')).toEqual([
      'Mara shouts "Stop. Now!" and Tom turns.',
      'He smiles.',
    ]);
  });

  it('breaks the longest sentences into clauses only when more beats are needed', () => {
    const text = 'Mara walks to the pier, looks at the boats, and sits down. Tom arrives.';
    expect(sceneBeats(text, 2)).toEqual([
      'Mara walks to the pier, looks at the boats, and sits down.',
      'Tom arrives.',
    ]);
    expect(sceneBeats(text, 4)).toEqual([
      'Mara walks to the pier',
      'looks at the boats',
      'and sits down.',
      'Tom arrives.',
    ]);
    expect(sceneBeats(text, 9)).toHaveLength(4);
  });

  it('ignores fragments without words', () => {
    expect(sentences('... Mara runs. !!')).toEqual(['Mara runs.']);
    expect(clauses('Mara, , runs')).toEqual(['Mara', 'runs']);
  });

  it('pulls quoted speech as dialogue, in straight or curly quotes', () => {
    expect(quotedSpeech('Mara says "Go." and Tom answers “Not yet.”')).toEqual('Go. Not yet.');
    expect(quotedSpeech('Mara leaves.')).toBe('');
  });
});
