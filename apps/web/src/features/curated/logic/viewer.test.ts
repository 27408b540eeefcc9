import { describe, expect, it } from 'vitest';
import { viewerStep, wrapIndex } from './viewer';

describe('the curated viewer', () => {
  it('wraps at both ends', () => {
    expect(wrapIndex(0, -1, 3)).toBe(2);
    expect(wrapIndex(2, 1, 3)).toBe(0);
    expect(wrapIndex(1, 1, 3)).toBe(2);
    expect(wrapIndex(0, 1, 1)).toBe(0);
  });

  it('steps back with A and forward with D in either case, and ignores other keys', () => {
    expect(viewerStep('a')).toBe(-1);
    expect(viewerStep('D')).toBe(1);
    expect(viewerStep('Escape')).toBeNull();
    expect(viewerStep('s')).toBeNull();
  });
});
