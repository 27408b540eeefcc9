import { describe, expect, it } from 'vitest';
import { canTrigger, missingIdsError, nextTriggerState, MISSING_IDS_MESSAGE } from './trigger';

describe('nextTriggerState', () => {
  it('goes idle, generating, success or error, then idle', () => {
    expect(nextTriggerState('idle', 'start')).toBe('generating');
    expect(nextTriggerState('generating', 'succeeded')).toBe('success');
    expect(nextTriggerState('generating', 'failed')).toBe('error');
    expect(nextTriggerState('success', 'reset')).toBe('idle');
    expect(nextTriggerState('error', 'reset')).toBe('idle');
  });

  it('refuses a trigger while one is running', () => {
    expect(canTrigger('generating')).toBe(false);
    expect(canTrigger('success')).toBe(true);
    expect(nextTriggerState('generating', 'reset')).toBe('generating');
  });
});

describe('missingIdsError', () => {
  it('names the missing ids', () => {
    expect(missingIdsError({ workflowId: 'w', movieId: 'm', userId: 'u', shotId: 's' })).toBeNull();
    expect(missingIdsError({ workflowId: 'w', movieId: 'm', userId: null, shotId: 's' })).toBe(
      MISSING_IDS_MESSAGE,
    );
  });
});
