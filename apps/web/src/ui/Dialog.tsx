import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

export interface DialogProps {
  open: boolean;
  title: string;
  /** Called on Escape and on a click on the backdrop. */
  onClose(): void;
  children?: ReactNode;
  /** The action buttons, right-aligned under the content. */
  footer?: ReactNode;
  /** A small decorative badge (an icon) shown beside the title. */
  icon?: ReactNode;
  /** The panel's largest width, where a screen's spec sets one (448 px otherwise). */
  widthPx?: number;
}

const FOCUSABLE =
  'button:not([disabled]), [href], input:not([disabled]), textarea, select, [tabindex]:not([tabindex="-1"])';

/** A modal dialog: focus moves to its first button, stays inside while open and returns afterwards. */
export function Dialog({ open, title, onClose, children, footer, icon, widthPx }: DialogProps) {
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const panel = panelRef.current;
    (panel?.querySelector<HTMLElement>('button:not([disabled])') ?? panel)?.focus();
    return () => previous?.focus();
  }, [open]);

  if (!open) return null;

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
    } else if (event.key === 'Tab') {
      trapTab(event, panelRef.current);
    }
  }

  return createPortal(
    <div
      className="fixed inset-0 z-50 flex items-center justify-center bg-black/70 p-4 backdrop-blur-sm"
      onMouseDown={(event) => event.target === event.currentTarget && onClose()}
      onKeyDown={onKeyDown}
    >
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        style={widthPx ? { maxWidth: widthPx } : undefined}
        className="flex max-h-[90vh] w-full max-w-md flex-col rounded-2xl border border-white/10 bg-neutral-900 p-6 text-neutral-100 shadow-2xl shadow-black/60 outline-none"
      >
        <div className="flex items-center gap-3">
          {icon}
          <h2 id={titleId} className="text-lg font-semibold tracking-tight">
            {title}
          </h2>
        </div>
        {children && (
          <div className="mt-3 min-h-0 overflow-y-auto text-sm leading-relaxed text-neutral-300">
            {children}
          </div>
        )}
        {footer && <div className="mt-6 flex flex-wrap justify-end gap-2">{footer}</div>}
      </div>
    </div>,
    document.body,
  );
}

// Keeps Tab and Shift+Tab cycling inside the dialog, as aria-modal promises.
function trapTab(event: KeyboardEvent, panel: HTMLElement | null) {
  const focusable = panel ? Array.from(panel.querySelectorAll<HTMLElement>(FOCUSABLE)) : [];
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (!first || !last) {
    event.preventDefault();
  } else if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}
