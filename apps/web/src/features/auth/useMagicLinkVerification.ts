import { MESSAGES, SIGN_IN_SUCCESS_BANNER_MS } from '@cinegraph/contracts';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { verifyMagicLinkOnce } from './magicLink';
import { takeReturnPath } from './returnPath';

export const SIGNED_IN_MESSAGE = 'You are signed in. Welcome to Cinegraph!';

export interface SignInBannerState {
  kind: 'success' | 'error';
  message: string;
}

/**
 * Verifies the magic-link token of the address (?token=...) when the page loads: on success the user is
 * stored, a banner shows for five seconds and the token leaves the address bar without a reload. A
 * visitor who came from a share link to sign in goes back to it, where the share is accepted.
 */
export function useMagicLinkVerification() {
  const [searchParams, setSearchParams] = useSearchParams();
  const token = searchParams.get('token');
  const [banner, setBanner] = useState<SignInBannerState | null>(null);
  const navigate = useNavigate();

  useEffect(() => {
    if (!token) return;
    let current = true;
    void verifyMagicLinkOnce(token).then((outcome) => {
      if (!current) return;
      if (outcome.kind === 'signed-in') {
        const back = takeReturnPath();
        if (back) return void navigate(back, { replace: true });
        setBanner({ kind: 'success', message: SIGNED_IN_MESSAGE });
        setSearchParams(
          (previous) => {
            const next = new URLSearchParams(previous);
            next.delete('token');
            return next;
          },
          { replace: true, preventScrollReset: true },
        );
      } else if (outcome.kind === 'failed') {
        setBanner({ kind: 'error', message: MESSAGES.verifyFailed });
      }
    });
    return () => {
      current = false;
    };
  }, [token, setSearchParams, navigate]);

  useEffect(() => {
    if (banner?.kind !== 'success') return;
    const timer = setTimeout(() => setBanner(null), SIGN_IN_SUCCESS_BANNER_MS);
    return () => clearTimeout(timer);
  }, [banner]);

  const dismiss = useCallback(() => setBanner(null), []);
  return { banner, dismiss };
}
