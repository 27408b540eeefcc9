import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

/** The spec's width of the generate-content modal. */
export const GENERATE_MODAL_WIDTH_PX = 600;

/** A 600 px modal (the shared Dialog is narrower): Escape and the backdrop close it. */
export function ModalShell({
  title,
  onClose,
  children,
  footer,
}: {
  title: string;
  onClose(): void;
  children: ReactNode;
  footer: ReactNode;
}) {
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    panelRef.current?.focus();
    return () => previous?.focus();
  }, []);
  return createPortal(
    <div
      className="nodrag nowheel fixed inset-0 z-50 flex items-center justify-center bg-black/70 p-4 backdrop-blur-sm"
      onMouseDown={(event) => event.target === event.currentTarget && onClose()}
      onKeyDown={(event) => {
        event.stopPropagation();
        if (event.key === 'Escape') onClose();
      }}
    >
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        style={{ maxWidth: GENERATE_MODAL_WIDTH_PX }}
        className="flex max-h-[90vh] w-full flex-col rounded-2xl border border-white/10 bg-neutral-900 p-6 text-neutral-100 shadow-2xl shadow-black/60 outline-none"
      >
        <h2 id={titleId} className="text-lg font-semibold tracking-tight">
          {title}
        </h2>
        <div className="mt-4 min-h-0 flex-1 overflow-y-auto text-sm text-neutral-300">{children}</div>
        <div className="mt-6 flex flex-wrap items-center justify-end gap-2">{footer}</div>
      </div>
    </div>,
    document.body,
  );
}
