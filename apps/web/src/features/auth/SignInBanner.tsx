import { AlertIcon, CheckIcon, CloseIcon } from '../../ui/icons';
import type { SignInBannerState } from './useMagicLinkVerification';

/** The outcome of a magic-link verification, floating under the navigation. */
export function SignInBanner({ banner, onDismiss }: { banner: SignInBannerState; onDismiss(): void }) {
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
