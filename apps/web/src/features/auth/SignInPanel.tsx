import { MESSAGES } from '@cinegraph/contracts';
import { useEffect, useRef, type FormEvent } from 'react';
import { CheckIcon } from '../../ui/icons';
import { SpinnerWheel } from '../../ui/Spinner';
import { SIGN_IN_PANEL_ID, useSignIn } from './SignInProvider';

/** The passwordless sign-in form: an email address, then a magic link in the inbox. */
export function SignInPanel() {
  const { email, status, error, setEmail, submit, closePanel } = useSignIn();
  const closeRef = useRef<HTMLButtonElement>(null);
  const sending = status === 'sending';
  const sent = status === 'sent';

  // The submit button disappears when the link is sent; keep keyboard focus on the panel's action.
  useEffect(() => {
    if (sent) closeRef.current?.focus();
  }, [sent]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!sending) void submit();
  }

  return (
    <section
      id={SIGN_IN_PANEL_ID}
      role="dialog"
      aria-labelledby="sign-in-title"
      onKeyDown={(event) => event.key === 'Escape' && closePanel()}
      className="animate-slide-down absolute top-0 right-3 left-3 mt-2 rounded-2xl border border-white/10 bg-neutral-900 p-6 shadow-2xl shadow-black/60 sm:right-6 sm:left-auto sm:w-96 lg:right-8"
    >
      <h2 id="sign-in-title" className="text-lg font-semibold tracking-tight text-white">
        Sign in to Cinegraph
      </h2>
      <p className="mt-1 text-sm text-neutral-400">
        Enter your email and we will send you a magic link. No password needed.
      </p>

      {/* noValidate: the spec's own message for an empty email replaces the browser's bubble. */}
      <form noValidate onSubmit={onSubmit} className="mt-5 space-y-3">
        <label htmlFor="sign-in-email" className="block text-sm font-medium text-neutral-200">
          Email
        </label>
        <input
          id="sign-in-email"
          name="email"
          type="email"
          required
          autoFocus
          autoComplete="email"
          inputMode="email"
          placeholder="you@studio.com"
          value={email}
          readOnly={sending}
          onChange={(event) => setEmail(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'sign-in-error' : undefined}
          className="block h-11 w-full rounded-lg border border-white/10 bg-neutral-950/80 px-3.5 text-[15px] text-white placeholder:text-neutral-500 focus:border-amber-400/70 focus:ring-2 focus:ring-amber-400/30 focus:outline-none aria-invalid:border-red-500/70"
        />

        {error && (
          <p id="sign-in-error" role="alert" className="text-sm text-red-400">
            {error}
          </p>
        )}
        {sent && (
          <p
            role="status"
            className="flex items-start gap-2 rounded-lg bg-emerald-500/10 px-3 py-2.5 text-sm text-emerald-300 ring-1 ring-emerald-400/20"
          >
            <CheckIcon className="mt-0.5 size-4 shrink-0" />
            {MESSAGES.magicLinkSent}
          </p>
        )}

        {sent ? (
          <button
            key="close"
            ref={closeRef}
            type="button"
            onClick={closePanel}
            className={`${BUTTON} ${SECONDARY}`}
          >
            Close
          </button>
        ) : (
          <button key="submit" type="submit" disabled={sending} className={`${BUTTON} ${PRIMARY}`}>
            {sending && <SpinnerWheel size="sm" />}
            {sending ? 'Sending...' : 'Send Magic Link'}
          </button>
        )}
      </form>
    </section>
  );
}

const BUTTON =
  'inline-flex h-11 w-full items-center justify-center gap-2 rounded-lg text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-400 disabled:cursor-not-allowed disabled:opacity-60';
const PRIMARY = 'bg-amber-400 text-neutral-950 hover:bg-amber-300';
const SECONDARY = 'bg-neutral-800 text-neutral-100 ring-1 ring-white/10 hover:bg-neutral-700';
