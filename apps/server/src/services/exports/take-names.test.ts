import { describe, expect, it } from 'vitest';
import { safeFileName } from './take-names';

describe('take file names', () => {
  it('cuts a description at a word within 40 characters as users count them, never inside an emoji', () => {
    const description = 'Zoë at the station waits for the train 🚂🚉 tonight';
    // The 40th character is an emoji: a UTF-16 cut at 40 keeps half of it.
    expect(description.slice(0, 40)).toMatch(/[\uD800-\uDBFF]$/);
    const name = safeFileName(description, 40, 'shot');
    expect(name).toBe('Zoë at the station waits for the train');
    expect(safeFileName('🚂🚉🚂🚉', 3, 'shot')).toBe('🚂🚉🚂');
  });

  it('writes ASCII names for the timeline zip: accents dropped, other characters left out', () => {
    expect(safeFileName('Zoë — 夜の駅 🚉 a still', 40, 'shot', { ascii: true })).toBe('Zoe a still');
    expect(safeFileName('夜の駅 🚉', 40, 'shot', { ascii: true })).toBe('shot');
  });
});
