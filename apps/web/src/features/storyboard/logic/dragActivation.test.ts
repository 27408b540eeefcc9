import { describe, expect, it } from 'vitest';
import { dragActivation } from './dragActivation';

describe('drag activation', () => {
  it('starts a mouse drag after 8 px of movement', () => {
    expect(dragActivation({ pointerType: 'mouse', elapsedMs: 1000, distancePx: 7 })).toBe('pending');
    expect(dragActivation({ pointerType: 'mouse', elapsedMs: 0, distancePx: 8 })).toBe('active');
  });

  it('starts a touch drag after a 200 ms hold within 5 px', () => {
    expect(dragActivation({ pointerType: 'touch', elapsedMs: 150, distancePx: 2 })).toBe('pending');
    expect(dragActivation({ pointerType: 'touch', elapsedMs: 200, distancePx: 5 })).toBe('active');
  });

  it('gives up a touch drag that moves more than 5 px first (a scroll)', () => {
    expect(dragActivation({ pointerType: 'touch', elapsedMs: 100, distancePx: 6 })).toBe('cancelled');
  });
});
