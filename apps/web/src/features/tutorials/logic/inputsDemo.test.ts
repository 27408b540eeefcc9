import { describe, expect, it } from 'vitest';
import { addText, charactersInShot, finalPrompt, SAMPLE_ENTITIES, withInputValue } from './inputsDemo';

const [first, second] = SAMPLE_ENTITIES.Shots;

describe('the inputs demo', () => {
  it('prepends the camera angle to the shot description to form the final prompt', () => {
    expect(finalPrompt(first!)).toBe('wide shot, low angle Mara climbs the spiral stairs with a lantern');
    expect(finalPrompt(second!)).toBe('close-up the lamp flickers and comes alive');
  });

  it('follows an edited input, and leaves out an empty one', () => {
    expect(finalPrompt(withInputValue(first!, 'camera-angle', 'overhead'))).toMatch(/^overhead Mara/);
    expect(finalPrompt(withInputValue(first!, 'camera-angle', '  '))).toBe(
      'Mara climbs the spiral stairs with a lantern',
    );
    expect(addText(['', ''])).toBe('');
  });

  it('applies a character to the shots that name it, whatever the case', () => {
    expect(charactersInShot(first!, SAMPLE_ENTITIES.Characters)).toEqual(['Mara']);
    expect(charactersInShot(second!, SAMPLE_ENTITIES.Characters)).toEqual([]);
    const lower = withInputValue(second!, 'description', 'mara looks up');
    expect(charactersInShot(lower, SAMPLE_ENTITIES.Characters)).toEqual(['Mara']);
  });

  it('has sample scenes, shots and characters with text or LoRA inputs', () => {
    for (const entities of Object.values(SAMPLE_ENTITIES)) {
      expect(entities.length).toBeGreaterThan(0);
      for (const entity of entities) {
        for (const input of entity.inputs) expect(['text', 'lora']).toContain(input.type);
      }
    }
  });
});
