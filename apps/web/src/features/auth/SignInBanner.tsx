import { AlertIcon, CheckIcon, CloseIcon } from '../../ui/icons';
import type { SignInBannerState } from './useMagicLinkVerification';

/**
 * The outcome of a magic-link verification, floating under the navigation; for a browser signed in
 * with another account, the choice to switch to the link's account or stay.
 */
export function SignInBanner({
  banner,
  onDismiss,
  onSwitchAccount,
}: {
  banner: SignInBannerState;
  onDismiss(): void;
  onSwitchAccount(): void;
}) {
  if (banner.kind === 'confirm') {
    return <SwitchAccountBanner message={banner.message} onStay={onDismiss} onSwitch={onSwitchAccount} />;
  }
  const success = banner.kind === 'success';
  return (
    <div className="pointer-events-none fixed inset-x-0 top-20 z-50 flex justify-center px-4">
      <div
        role={success ? 'status' : 'alert'}
        className={`animate-slide-down pointer-events-auto flex max-w-lg items-start gap-3 rounded-xl border px-4 py-3 text-sm shadow-2xl shadow-black/50 backdrop-blur-xl ${
          success
            ? 'border-emerald-400/30 bg-emerald-950/80 text-emerald-100'
            : 'border-red-400/30 bg-red-950/80 text-red-100'
        }`}
      >
        {success ? (
          <CheckIcon className="mt-0.5 size-4 shrink-0 text-emerald-300" />
        ) : (
          <AlertIcon className="mt-0.5 size-4 shrink-0 text-red-300" />
        )}
        <p className="flex-1">{banner.message}</p>
        <button
          type="button"
          onClick={onDismiss}
          aria-label="Dismiss"
          className="-m-1 rounded-md p-1 text-current/70 hover:text-current focus-visible:outline-2 focus-visible:outline-amber-400"
        >
          <CloseIcon className="size-4" />
        </button>
      </div>
    </div>
  );
}

function SwitchAccountBanner({
  message,
  onStay,
  onSwitch,
}: {
  message: string;
  onStay(): void;
  onSwitch(): void;
}) {
  return (
    <div className="pointer-events-none fixed inset-x-0 top-20 z-50 flex justify-center px-4">
      <div
        role="alertdialog"
        aria-labelledby="switch-account-message"
        className="animate-slide-down pointer-events-auto max-w-lg rounded-xl border border-amber-400/30 bg-neutral-950/90 px-4 py-3 text-sm text-amber-50 shadow-2xl shadow-black/50 backdrop-blur-xl"
      >
        <p id="switch-account-message" className="flex items-start gap-3">
          <AlertIcon className="mt-0.5 size-4 shrink-0 text-amber-300" />
          {message}
        </p>
        <div className="mt-3 flex justify-end gap-2">
          <button
            type="button"
            onClick={onStay}
            className="rounded-lg bg-neutral-800 px-3 py-1.5 font-medium text-neutral-100 ring-1 ring-white/10 hover:bg-neutral-700"
          >
            Stay signed in
          </button>
          <button
            type="button"
            onClick={onSwitch}
            className="rounded-lg bg-amber-400 px-3 py-1.5 font-semibold text-neutral-950 hover:bg-amber-300"
          >
            Switch account
          </button>
        </div>
      </div>
    </div>
  );
}
