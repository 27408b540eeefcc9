import type { Handle } from '@cinegraph/contracts';
import { describe, expect, it } from 'vitest';
import { readyToGenerate } from './generation';

const inputs: Handle[] = [
  { id: 'prompt', name: 'Prompt', type: 'text' },
  { id: 'image', name: 'Image', type: 'image' },
  { id: 'style', name: 'Style', type: 'lora' },
];

describe('the Generate button', () => {
  it('hides until every non-lora input is connected', () => {
    expect(readyToGenerate(inputs, new Set(['prompt']))).toBe(false);
    expect(readyToGenerate(inputs, new Set(['prompt', 'image']))).toBe(true);
  });

  it('does not wait for LoRA inputs', () => {
    expect(readyToGenerate(inputs, new Set(['prompt', 'image', 'style']))).toBe(true);
  });

  it('stays hidden on a workflow without inputs', () => {
    expect(readyToGenerate([], new Set())).toBe(false);
    expect(readyToGenerate([inputs[2]!], new Set())).toBe(false);
  });
});
