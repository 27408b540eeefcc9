import { useEffect, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { CloseIcon } from './icons';

interface MediaOverlayProps {
  /** The dialog's accessible name. */
  label: string;
  closeLabel: string;
  onClose(): void;
  /** Keys other than Escape (which closes), e.g. a viewer's stepping. */
  onKey?(event: KeyboardEvent): void;
  /** The line beside the close button: a title, a counter. */
  header?: ReactNode;
  children: ReactNode;
}

/** A full-screen dark overlay for watching media (a viewer, a player): the x or Escape closes it. */
export function MediaOverlay({ label, closeLabel, onClose, onKey, header, children }: MediaOverlayProps) {
  useEffect(() => {
    function handle(event: KeyboardEvent) {
      if (event.key !== 'Escape') return onKey?.(event);
      event.preventDefault();
      onClose();
    }
    window.addEventListener('keydown', handle);
    return () => window.removeEventListener('keydown', handle);
  }, [onClose, onKey]);

  return createPortal(
    <div
      role="dialog"
      aria-modal="true"
      aria-label={label}
      className="fixed inset-0 z-50 flex flex-col bg-black/95 text-neutral-100"
    >
      <div className="flex items-center justify-between gap-4 px-6 py-4 text-sm">
        <div className="min-w-0">{header}</div>
        <button
          type="button"
          aria-label={closeLabel}
          onClick={onClose}
          className="rounded-lg p-2 text-neutral-300 hover:bg-white/10 hover:text-white"
        >
          <CloseIcon className="size-5" />
        </button>
      </div>
      <div className="flex min-h-0 flex-1 items-center justify-center p-4">{children}</div>
    </div>,
    document.body,
  );
}
