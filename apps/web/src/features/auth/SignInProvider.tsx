import { endpoints, MAGIC_LINK_SENT_RESET_MS } from '@cinegraph/contracts';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { apiCall } from '../../lib/api';
import { emailProblem, signInFailureMessage } from './signInMessages';

/** The id of the sign-in panel, which the navigation's Sign In button controls. */
export const SIGN_IN_PANEL_ID = 'sign-in-panel';

export type SignInStatus = 'idle' | 'sending' | 'sent';

export interface SignInApi {
  panelOpen: boolean;
  email: string;
  status: SignInStatus;
  error: string | null;
  setEmail(email: string): void;
  openPanel(): void;
  /** Closes the panel and forgets the sent flag and any error (the email stays typed in). */
  closePanel(): void;
  togglePanel(): void;
  /** Requests a magic link for the typed email. */
  submit(): Promise<void>;
  /** Back to a blank form with the panel closed (on log out). */
  reset(): void;
}

const SignInContext = createContext<SignInApi | null>(null);

/**
 * The sign-in panel's state lives above the router so the navigation's Sign In button and the landing
 * page's Get Started button drive the same panel, and Log Out can clear the form.
 */
export function SignInProvider({ children }: { children: ReactNode }) {
  const [panelOpen, setPanelOpen] = useState(false);
  const [email, setEmail] = useState('');
  const [status, setStatus] = useState<SignInStatus>('idle');
  const [error, setError] = useState<string | null>(null);
  // Each request and each reset gets a number, so an answer that arrives after a reset is ignored.
  const attempt = useRef(0);

  // The spec: about three seconds after a link is sent, the sent flag resets and the panel closes.
  useEffect(() => {
    if (status !== 'sent') return;
    const timer = setTimeout(() => {
      setStatus('idle');
      setPanelOpen(false);
    }, MAGIC_LINK_SENT_RESET_MS);
    return () => clearTimeout(timer);
  }, [status]);

  const closePanel = useCallback(() => {
    attempt.current += 1;
    setPanelOpen(false);
    setStatus('idle');
    setError(null);
  }, []);

  const reset = useCallback(() => {
    closePanel();
    setEmail('');
  }, [closePanel]);

  const submit = useCallback(async () => {
    const problem = emailProblem(email);
    if (problem) {
      setError(problem);
      return;
    }
    const current = ++attempt.current;
    setError(null);
    setStatus('sending');
    try {
      const sent = await apiCall(endpoints.requestMagicLink, { body: { email: email.trim() } });
      if (current !== attempt.current) return;
      if (sent) {
        setStatus('sent');
      } else {
        setStatus('idle');
        setError(signInFailureMessage(null));
      }
    } catch (failure) {
      if (current !== attempt.current) return;
      setStatus('idle');
      setError(signInFailureMessage(failure));
    }
  }, [email]);

  const api = useMemo<SignInApi>(
    () => ({
      panelOpen,
      email,
      status,
      error,
      setEmail,
      openPanel: () => setPanelOpen(true),
      closePanel,
      togglePanel: () => (panelOpen ? closePanel() : setPanelOpen(true)),
      submit,
      reset,
    }),
    [panelOpen, email, status, error, closePanel, submit, reset],
  );

  return <SignInContext.Provider value={api}>{children}</SignInContext.Provider>;
}

export function useSignIn(): SignInApi {
  const api = useContext(SignInContext);
  if (!api) throw new Error('useSignIn must be used inside <SignInProvider>');
  return api;
}
