import { describe, expect, it } from 'vitest';
import { asciiText, cutText, textLength } from './text';

describe('names cut as users count characters', () => {
  it('never cuts an emoji, a flag or an accented letter in half', () => {
    const name = `${'a'.repeat(39)}🚉🇫🇷e\u0301`;
    expect(name.slice(0, 40)).toMatch(/[\uD800-\uDBFF]$/); // what a UTF-16 cut leaves: half a surrogate pair
    expect(cutText(name, 40)).toBe(`${'a'.repeat(39)}🚉`);
    expect(cutText(name, 41)).toBe(`${'a'.repeat(39)}🚉🇫🇷`);
    expect(cutText(name, 42)).toBe(name);
    expect(textLength(name)).toBe(42);
  });

  it('writes ASCII for CMX 3600: accents dropped, other scripts and emoji left out', () => {
    expect(asciiText('Zoë — 夜の駅 🚉 a still')).toBe('Zoe a still');
    expect(asciiText('Ça va?\tÉté')).toBe('Ca va? Ete');
  });
});
