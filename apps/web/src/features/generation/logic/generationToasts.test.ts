import { MESSAGES } from '@cinegraph/contracts';
import { describe, expect, it } from 'vitest';
import { failedToast, startedToast } from './generationToasts';

describe('generation toasts', () => {
  it('says the footage is queued', () => {
    expect(startedToast()).toBe('Generation Started! Your footage is now in queue.');
  });

  it("carries the server's message, else asks to try later", () => {
    expect(failedToast('This workflow node has no workflow yet.')).toBe(
      'Generation Failed: This workflow node has no workflow yet.',
    );
    expect(failedToast(MESSAGES.requestFailed)).toBe('Generation Failed: Please try again later.');
    expect(failedToast(null)).toBe('Generation Failed: Please try again later.');
  });
});
