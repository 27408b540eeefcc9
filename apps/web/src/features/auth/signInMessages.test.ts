import { MESSAGES } from '@cinegraph/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api';
import { emailProblem, signInFailureMessage } from './signInMessages';

describe('emailProblem', () => {
  it('refuses an empty or whitespace-only email', () => {
    expect(emailProblem('')).toBe('Email cannot be empty');
    expect(emailProblem('   \t')).toBe('Email cannot be empty');
  });

  it('accepts anything else (the format is checked by the input and the server)', () => {
    expect(emailProblem('ada@example.com')).toBeNull();
  });
});

describe('signInFailureMessage', () => {
  it("shows the server's detail when there is one", () => {
    expect(signInFailureMessage(new ApiError('Please enter a valid email address', 400))).toBe(
      'Please enter a valid email address',
    );
  });

  it('falls back to the generic message without a detail', () => {
    expect(signInFailureMessage(new ApiError(MESSAGES.requestFailed, 0))).toBe(
      'An error occurred. Please try again.',
    );
    expect(signInFailureMessage(new ApiError('', 500))).toBe(MESSAGES.signInFailed);
    expect(signInFailureMessage(new TypeError('boom'))).toBe(MESSAGES.signInFailed);
  });
});
