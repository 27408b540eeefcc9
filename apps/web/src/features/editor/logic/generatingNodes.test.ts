import { describe, expect, it } from 'vitest';
import { createGeneratingNodes } from './generatingNodes';

describe('generating nodes', () => {
  it('tells its listeners when a node starts or stops generating, and only then', () => {
    const generating = createGeneratingNodes();
    let calls = 0;
    generating.subscribe(() => (calls += 1));
    const before = generating.get();
    generating.set('w1', false);
    expect(generating.get()).toBe(before);
    generating.set('w1', true);
    generating.set('w1', true);
    expect([...generating.get()]).toEqual(['w1']);
    generating.set('w1', false);
    expect(generating.get().size).toBe(0);
    expect(calls).toBe(2);
  });
});
