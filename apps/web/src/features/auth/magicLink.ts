import { endpoints } from '@cinegraph/contracts';
import { apiCall, type ApiError } from '../../lib/api';
import { storeSignedInUser } from '../../lib/session';

export type VerifyOutcome =
  | { kind: 'signed-in'; userId: string }
  | { kind: 'no-user' }
  | { kind: 'failed' }
  /** The browser is signed in with another account: the server keeps it until the visitor confirms. */
  | { kind: 'other-account' };

// Magic-link tokens are single use: StrictMode's second effect run, a remount or a second hook must join
// the first verification instead of spending the token again (which would then fail).
const verifications = new Map<string, Promise<VerifyOutcome>>();

/** Verifies a magic-link token once per page load and stores the signed-in user on success. */
export function verifyMagicLinkOnce(token: string): Promise<VerifyOutcome> {
  let verification = verifications.get(token);
  if (!verification) {
    verification = verifyAndStore(token);
    verifications.set(token, verification);
  }
  return verification;
}

/**
 * Starts verifying the token of a magic link the page was opened with (the home page, ?token=...), before
 * the landing page's code has even arrived; the landing page then joins this verification.
 */
export function verifyTokenInAddress(location: Location = window.location): void {
  const token = location.pathname === '/' ? new URLSearchParams(location.search).get('token') : null;
  if (token) void verifyMagicLinkOnce(token);
}

/** Uses the link after the visitor confirmed leaving the account they are signed in with. */
export function switchAccountWithLink(token: string): Promise<VerifyOutcome> {
  return verifyAndStore(token, true);
}

async function verifyAndStore(token: string, switchAccount = false): Promise<VerifyOutcome> {
  let userId: unknown;
  try {
    const query = { token, ...(switchAccount && { switch_account: 'true' as const }) };
    const response = await apiCall(endpoints.verifyMagicLink, { query });
    userId = (response as { user_id?: unknown } | null)?.user_id;
  } catch (error) {
    const status = (error as Partial<ApiError> | null)?.status;
    return status === 409 ? { kind: 'other-account' } : { kind: 'failed' };
  }
  if (typeof userId !== 'string' || userId === '') return { kind: 'no-user' };
  storeSignedInUser({ userId });
  void rememberProfile(userId);
  return { kind: 'signed-in', userId };
}

/** Keeps the nickname and profile image beside the user id; the sign-in stands even if this fails. */
async function rememberProfile(userId: string): Promise<void> {
  try {
    const user = await apiCall(endpoints.getUser, { params: { userId } });
    storeSignedInUser({ userId, nickname: user.nickname, profileImage: user.profile_image });
  } catch {
    // The profile is a nicety; the account page loads it again.
  }
}
