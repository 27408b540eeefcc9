import { describe, expect, it } from 'vitest';
import { viewerKeyAction, wrapIndex } from './viewer';

describe('the curated viewer', () => {
  it('wraps at both ends', () => {
    expect(wrapIndex(0, -1, 3)).toBe(2);
    expect(wrapIndex(2, 1, 3)).toBe(0);
    expect(wrapIndex(1, 1, 3)).toBe(2);
    expect(wrapIndex(0, 1, 1)).toBe(0);
  });

  it('steps with A and D in either case and closes with Escape', () => {
    expect(viewerKeyAction('a')).toBe('previous');
    expect(viewerKeyAction('D')).toBe('next');
    expect(viewerKeyAction('Escape')).toBe('close');
    expect(viewerKeyAction('s')).toBeNull();
  });
});
