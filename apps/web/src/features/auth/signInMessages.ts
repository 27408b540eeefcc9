import { MESSAGES } from '@cinegraph/contracts';
import { ApiError } from '../../lib/api';

/** The spec's check before a magic link is requested: an empty or whitespace-only email is refused. */
export function emailProblem(email: string): string | null {
  return email.trim() === '' ? MESSAGES.emailEmpty : null;
}

/**
 * What the sign-in form shows when requesting a link failed: the server's detail when it sent one,
 * otherwise the spec's generic message (the client's own 'Request failed' default is not a detail).
 */
export function signInFailureMessage(error: unknown): string {
  if (error instanceof ApiError && error.message && error.message !== MESSAGES.requestFailed) {
    return error.message;
  }
  return MESSAGES.signInFailed;
}
