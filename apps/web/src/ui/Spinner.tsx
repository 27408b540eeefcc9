export type SpinnerSize = 'sm' | 'md' | 'lg';

export interface SpinnerProps {
  size?: SpinnerSize;
  /** Covers the nearest positioned parent with a dimmed backdrop (or the whole screen with `fullScreen`). */
  overlay?: boolean;
  fullScreen?: boolean;
  /**
   * The overlay dims and blurs what is beneath it (the default). False where nothing is drawn beneath
   * yet, a screen's first load: a blur of an empty area costs the compositor a pass at every frame the
   * wheel turns, for nothing to see.
   */
  backdrop?: boolean;
  /** Read by screen readers; shown under the spinner in the overlay variant. */
  label?: string;
}

const SIZES: Record<SpinnerSize, string> = { sm: 'size-4', md: 'size-8', lg: 'size-12' };

/** The bare spinning wheel, decorative (for busy buttons, which announce themselves with aria-busy). */
export function SpinnerWheel({ size }: { size: SpinnerSize }) {
  return (
    <svg viewBox="0 0 24 24" fill="none" aria-hidden="true" className={`${SIZES[size]} animate-spin`}>
      <circle cx="12" cy="12" r="10" stroke="currentColor" strokeWidth="3" className="opacity-20" />
      <path d="M22 12a10 10 0 0 0-10-10" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}

export function Spinner({
  size = 'md',
  overlay = false,
  fullScreen = false,
  backdrop = true,
  label = 'Loading',
}: SpinnerProps) {
  if (!overlay && !fullScreen) {
    return (
      <span role="status" className="inline-flex text-amber-400">
        <SpinnerWheel size={size} />
        <span className="sr-only">{label}</span>
      </span>
    );
  }
  const position = fullScreen ? 'fixed inset-0 z-40' : 'absolute inset-0 z-10 rounded-[inherit]';
  return (
    <div
      role="status"
      aria-live="polite"
      className={`${position} flex flex-col items-center justify-center gap-3 text-amber-400 ${backdrop ? 'bg-neutral-950/70 backdrop-blur-sm' : ''}`}
    >
      <SpinnerWheel size={size} />
      <span className="text-sm font-medium text-neutral-200">{label}</span>
    </div>
  );
}
