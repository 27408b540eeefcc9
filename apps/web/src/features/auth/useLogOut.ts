import { endpoints } from '@cinegraph/contracts';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { apiCall } from '../../lib/api';
import { clearStoredUser } from '../../lib/session';
import { useSignIn } from './SignInProvider';

/** Log Out: end the server session (a failure does not matter), forget the user here, go home. */
export function useLogOut(): () => Promise<void> {
  const navigate = useNavigate();
  const { reset } = useSignIn();

  return useCallback(async () => {
    try {
      await apiCall(endpoints.logout);
    } catch {
      // Signed out locally all the same.
    }
    clearStoredUser();
    reset();
    // Nothing of this user's data may linger in the cache for the next one (SWR's one cache; SWR
    // itself loads with the first screen that reads, not with the navigation bar).
    const { mutate } = await import('swr');
    void mutate(() => true, undefined, { revalidate: false });
    navigate('/');
  }, [navigate, reset]);
}
