import { describe, expect, it } from 'vitest';
import { anyUnfinished, displayCounts, tileState } from './statusCounts';

describe('displayCounts', () => {
  it('shows pending plus queued and running plus assigned', () => {
    expect(displayCounts({ pending: 1, queued: 2, running: 3, assigned: 4, success: 5, failed: 6 })).toEqual({
      pending: 3,
      running: 7,
      success: 5,
      failed: 6,
    });
  });

  it('shows zeros before the first answer', () => {
    expect(displayCounts(undefined)).toEqual({ pending: 0, running: 0, success: 0, failed: 0 });
  });
});

describe('tileState', () => {
  it('gives pending and queued one spinner, running and assigned another', () => {
    expect([tileState('pending'), tileState('queued')]).toEqual(['waiting', 'waiting']);
    expect([tileState('running'), tileState('assigned')]).toEqual(['running', 'running']);
    expect([tileState('failed'), tileState('cancelled'), tileState('success')]).toEqual([
      'failed',
      'cancelled',
      'done',
    ]);
  });

  it('keeps polling only while some generation is unfinished', () => {
    expect(anyUnfinished([{ status: 'success' }, { status: 'cancelled' }, { status: 'failed' }])).toBe(false);
    expect(anyUnfinished([{ status: 'success' }, { status: 'assigned' }])).toBe(true);
  });
});
