import { useEffect, type ReactNode } from 'react';
import { SignInProvider } from '../features/auth/SignInProvider';
import { onUnauthorized } from '../lib/api';
import { clearStoredUser } from '../lib/session';
import { ToastProvider } from '../ui/toast';

/** Everything every screen relies on: toasts and the sign-in panel's state (the data cache: DataLayout). */
export function AppProviders({ children }: { children: ReactNode }) {
  // When the server says the session is gone, this browser stops claiming to be signed in.
  useEffect(() => {
    const stopListening = onUnauthorized(() => clearStoredUser());
    return () => {
      stopListening();
    };
  }, []);

  return (
    <ToastProvider>
      <SignInProvider>{children}</SignInProvider>
    </ToastProvider>
  );
}
