import { TOAST_EXIT_MS } from '@cinegraph/contracts';
import type { ReactNode } from 'react';
import { AlertIcon, CheckIcon, CloseIcon, InfoIcon } from './icons';
import { SpinnerWheel } from './Spinner';
import type { Toast, ToastKind } from './toastStore';

const ICONS: Record<ToastKind, ReactNode> = {
  loading: <SpinnerWheel size="sm" />,
  success: <CheckIcon />,
  error: <AlertIcon />,
  info: <InfoIcon />,
};

const ACCENTS: Record<ToastKind, string> = {
  loading: 'text-amber-400 bg-amber-400/10',
  success: 'text-emerald-400 bg-emerald-400/10',
  error: 'text-red-400 bg-red-400/10',
  info: 'text-sky-400 bg-sky-400/10',
};

interface ToastViewportProps {
  toasts: readonly Toast[];
  onDismiss(id: string): void;
}

/** The stack of toasts at the bottom-left of the screen (the spec's placement). */
export function ToastViewport({ toasts, onDismiss }: ToastViewportProps) {
  return (
    <div
      aria-live="polite"
      aria-label="Notifications"
      className="pointer-events-none fixed bottom-4 left-4 z-[60] flex w-[calc(100%-2rem)] max-w-sm flex-col gap-2"
    >
      {toasts.map((toast) => (
        <div
          key={toast.id}
          role={toast.kind === 'error' ? 'alert' : 'status'}
          style={{ transitionDuration: `${TOAST_EXIT_MS}ms` }}
          className={`pointer-events-auto flex items-start gap-3 rounded-xl border border-white/10 bg-neutral-900/95 p-3 pr-2 text-sm text-neutral-100 shadow-2xl shadow-black/50 backdrop-blur transition-all ease-out starting:translate-y-2 starting:opacity-0 ${
            toast.leaving ? '-translate-x-4 opacity-0' : 'translate-x-0 opacity-100'
          }`}
        >
          <span
            className={`mt-px flex size-6 shrink-0 items-center justify-center rounded-full ${ACCENTS[toast.kind]}`}
          >
            {ICONS[toast.kind]}
          </span>
          <p className="min-w-0 flex-1 self-center leading-snug break-words">{toast.message}</p>
          <button
            type="button"
            onClick={() => onDismiss(toast.id)}
            aria-label="Dismiss notification"
            className="rounded-md p-1 text-neutral-400 transition-colors hover:bg-white/10 hover:text-white focus-visible:outline-2 focus-visible:outline-amber-400"
          >
            <CloseIcon />
          </button>
        </div>
      ))}
    </div>
  );
}
