import { useEffect, type ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { SignInProvider } from '../features/auth/SignInProvider';
import { onUnauthorized } from '../lib/api';
import { clearStoredUser } from '../lib/session';
import { swrConfig } from '../lib/swr';
import { ToastProvider } from '../ui/toast';

/** Everything every screen relies on: the data cache, toasts and the sign-in panel's state. */
export function AppProviders({ children }: { children: ReactNode }) {
  // When the server says the session is gone, this browser stops claiming to be signed in.
  useEffect(() => {
    const stopListening = onUnauthorized(() => clearStoredUser());
    return () => {
      stopListening();
    };
  }, []);

  return (
    <SWRConfig value={swrConfig}>
      <ToastProvider>
        <SignInProvider>{children}</SignInProvider>
      </ToastProvider>
    </SWRConfig>
  );
}
