import { describe, expect, it } from 'vitest';
import { asLora, asVector2, clampNumberInput, defaultValueFor, loraConfigured } from './values';

describe('number inputs', () => {
  it('clamps to the default range 0 to 600 on blur', () => {
    expect(clampNumberInput('700', 5)).toBe(600);
    expect(clampNumberInput('-3', 5)).toBe(0);
    expect(clampNumberInput('42.5', 5)).toBe(42.5);
  });

  it('clamps to a given range', () => {
    expect(clampNumberInput('11', 1, 1, 10)).toBe(10);
  });

  it('reverts to the previous value when the text is not a number', () => {
    expect(clampNumberInput('abc', 12)).toBe(12);
    expect(clampNumberInput('', 12)).toBe(12);
    expect(clampNumberInput('1e999', 12)).toBe(12);
  });
});

describe('value shapes', () => {
  it('starts each type with its default', () => {
    expect(defaultValueFor('vector2')).toEqual([0, 0]);
    expect(defaultValueFor('number')).toBe(0);
    expect(defaultValueFor('text')).toBe('');
    expect(defaultValueFor('lora')).toEqual({ keyword: '', url: '', strength: 1 });
  });

  it('reads a vector2 as [width, height] and anything else as [0, 0]', () => {
    expect(asVector2([512, '288'])).toEqual([512, 288]);
    expect(asVector2('nope')).toEqual([0, 0]);
  });

  it('keeps a LoRA strength between 0 and 2, default 1', () => {
    expect(asLora({ keyword: 'k', url: 'u', strength: 5 }).strength).toBe(2);
    expect(asLora({ strength: -1 }).strength).toBe(0);
    expect(asLora(null)).toEqual({ keyword: '', url: '', strength: 1 });
  });

  it('calls a LoRA configured only with both keyword and url', () => {
    expect(loraConfigured({ keyword: 'k', url: 'u', strength: 1 })).toBe(true);
    expect(loraConfigured({ keyword: 'k', url: ' ', strength: 1 })).toBe(false);
  });
});
