import type { ComponentProps } from 'react';
import { SpinnerWheel } from './Spinner';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'ghost';
export type ButtonSize = 'sm' | 'md';

export interface ButtonProps extends ComponentProps<'button'> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Shows a spinner and blocks clicks while the action it started is running. */
  busy?: boolean;
}

const VARIANTS: Record<ButtonVariant, string> = {
  primary: 'bg-amber-400 text-neutral-950 hover:bg-amber-300 shadow-lg shadow-amber-500/10',
  secondary: 'bg-neutral-800/80 text-neutral-100 ring-1 ring-inset ring-white/10 hover:bg-neutral-700/80',
  danger: 'bg-red-600 text-white hover:bg-red-500 shadow-lg shadow-red-900/20',
  ghost: 'text-neutral-300 hover:bg-white/5 hover:text-white',
};

const SIZES: Record<ButtonSize, string> = {
  sm: 'h-8 px-3 text-sm gap-1.5',
  md: 'h-10 px-4 text-sm gap-2',
};

export function Button({
  variant = 'secondary',
  size = 'md',
  busy = false,
  disabled,
  type = 'button',
  className = '',
  children,
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      className={`inline-flex shrink-0 items-center justify-center rounded-lg font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-400 disabled:cursor-not-allowed disabled:opacity-50 ${VARIANTS[variant]} ${SIZES[size]} ${className}`}
      {...rest}
    >
      {busy && <SpinnerWheel size="sm" />}
      {children}
    </button>
  );
}
