import type { GenerationStatusCounts } from '@cinegraph/contracts';
import { describe, expect, it } from 'vitest';
import { generatingKey, generatingNodes, idsOfKey } from './generatingNodes';

const counts = (running: number, assigned = 0): GenerationStatusCounts => ({
  pending: 2,
  queued: 1,
  running,
  assigned,
  success: 3,
  failed: 1,
});

describe('generating nodes', () => {
  it('are the workflow nodes with a take running or assigned to a worker', () => {
    const ids = generatingNodes({ w1: counts(1), w2: counts(0), w3: counts(0, 1) });
    expect([...ids].sort()).toEqual(['w1', 'w3']);
    expect(generatingNodes(undefined).size).toBe(0);
  });

  it('give the same key for the same nodes in any order', () => {
    expect(generatingKey(new Set(['w2', 'w1']))).toBe(generatingKey(new Set(['w1', 'w2'])));
    expect(generatingKey(new Set())).toBe('');
  });

  it('come back from their key as the same ids, none from an empty key', () => {
    expect(idsOfKey(generatingKey(new Set(['w2', 'w1'])))).toEqual(new Set(['w1', 'w2']));
    expect(idsOfKey('').size).toBe(0);
  });
});
