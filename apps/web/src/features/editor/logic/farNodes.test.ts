import type { GenerationStatusCounts } from '@cinegraph/contracts';
import { describe, expect, it } from 'vitest';
import { CANVAS_SETTINGS } from './device';
import { cardState, cardStates, drawnAsCards } from './farNodes';

const counts = (partial: Partial<GenerationStatusCounts>): GenerationStatusCounts => ({
  pending: 0,
  queued: 0,
  running: 0,
  assigned: 0,
  success: 0,
  failed: 0,
  ...partial,
});

const node = (id: string, extra: { upload_error?: string; waiting_for_classes?: string[] } = {}) => ({
  _id: id,
  upload_error: extra.upload_error ?? null,
  waiting_for_classes: extra.waiting_for_classes,
});

describe('nodes drawn as cards', () => {
  it('are drawn below the detail zoom on a desktop, in full from it up', () => {
    const threshold = CANVAS_SETTINGS.detailMinZoom;
    expect(drawnAsCards(CANVAS_SETTINGS.minZoom, false)).toBe(true);
    expect(drawnAsCards(threshold - 0.01, false)).toBe(true);
    expect(drawnAsCards(threshold, false)).toBe(false);
    expect(drawnAsCards(0.8, false)).toBe(false);
  });

  it("are not drawn on a new movie's first view in a 1280x720 window (its template fits at 0.47)", () => {
    expect(drawnAsCards(0.47, false)).toBe(false);
  });

  it('are never drawn on a touch screen, where fields are tapped at a phone fitted zoom', () => {
    expect(drawnAsCards(CANVAS_SETTINGS.minZoom, true)).toBe(false);
    expect(drawnAsCards(CANVAS_SETTINGS.detailMinZoom - 0.01, true)).toBe(false);
  });
});

describe('a card state', () => {
  it('is running while a generation runs or is assigned, even after failures', () => {
    expect(cardState(node('w'), counts({ running: 1, failed: 2 }))).toBe('running');
    expect(cardState(node('w'), counts({ assigned: 1 }))).toBe('running');
  });

  it('is waiting while generations are pending or queued, or the node waits for a worker', () => {
    expect(cardState(node('w'), counts({ pending: 1 }))).toBe('waiting');
    expect(cardState(node('w'), counts({ queued: 2, failed: 1 }))).toBe('waiting');
    expect(cardState(node('w', { waiting_for_classes: ['KSampler'] }), undefined)).toBe('waiting');
  });

  it('is failed after a failed generation or upload, and none for a node at rest', () => {
    expect(cardState(node('w'), counts({ failed: 1, success: 4 }))).toBe('failed');
    expect(cardState(node('w', { upload_error: 'Upload failed' }), undefined)).toBe('failed');
    expect(cardState(node('w'), counts({ success: 3 }))).toBeNull();
    expect(cardState(node('p'), undefined)).toBeNull();
  });
});

describe("the cards' states", () => {
  it('name the nodes with a state only', () => {
    const states = cardStates([node('a'), node('b'), node('c', { upload_error: 'Upload failed' })], {
      a: counts({ running: 1 }),
      b: counts({ success: 1 }),
    });
    expect([...states]).toEqual([
      ['a', 'running'],
      ['c', 'failed'],
    ]);
  });
});
