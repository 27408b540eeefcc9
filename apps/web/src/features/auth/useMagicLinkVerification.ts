import { MESSAGES, SIGN_IN_REFUSALS, SIGN_IN_SUCCESS_BANNER_MS } from '@cinegraph/contracts';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { switchAccountWithLink, verifyMagicLinkOnce, type VerifyOutcome } from './magicLink';
import { takeReturnPath } from './returnPath';

export const SIGNED_IN_MESSAGE = 'You are signed in. Welcome to Cinegraph!';

export interface SignInBannerState {
  /** 'confirm': the browser is signed in with another account; the visitor chooses. */
  kind: 'success' | 'error' | 'confirm';
  message: string;
}

/**
 * Verifies the magic-link token of the address (?token=...) when the page loads: on success the user is
 * stored, a banner shows for five seconds and the token leaves the address bar without a reload. A
 * visitor who came from a share link to sign in goes back to it, where the share is accepted. A browser
 * signed in with another account is asked first (a link someone else sent must not switch it quietly).
 */
export function useMagicLinkVerification() {
  const [searchParams, setSearchParams] = useSearchParams();
  const token = searchParams.get('token');
  const [banner, setBanner] = useState<SignInBannerState | null>(null);
  const navigate = useNavigate();

  const forgetToken = useCallback(
    () =>
      setSearchParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          next.delete('token');
          return next;
        },
        { replace: true, preventScrollReset: true },
      ),
    [setSearchParams],
  );

  const show = useCallback(
    (outcome: VerifyOutcome) => {
      if (outcome.kind === 'signed-in') {
        const back = takeReturnPath();
        if (back) return void navigate(back, { replace: true });
        setBanner({ kind: 'success', message: SIGNED_IN_MESSAGE });
        forgetToken();
      } else if (outcome.kind === 'other-account') {
        setBanner({ kind: 'confirm', message: SIGN_IN_REFUSALS.otherAccount });
      } else if (outcome.kind === 'failed') {
        setBanner({ kind: 'error', message: MESSAGES.verifyFailed });
      }
    },
    [navigate, forgetToken],
  );

  useEffect(() => {
    if (!token) return;
    let current = true;
    void verifyMagicLinkOnce(token).then((outcome) => current && show(outcome));
    return () => {
      current = false;
    };
  }, [token, show]);

  useEffect(() => {
    if (banner?.kind !== 'success') return;
    const timer = setTimeout(() => setBanner(null), SIGN_IN_SUCCESS_BANNER_MS);
    return () => clearTimeout(timer);
  }, [banner]);

  const dismiss = useCallback(() => {
    if (banner?.kind === 'confirm') forgetToken();
    setBanner(null);
  }, [banner, forgetToken]);
  const switchAccount = useCallback(async () => {
    if (token) show(await switchAccountWithLink(token));
  }, [token, show]);
  return { banner, dismiss, switchAccount };
}
