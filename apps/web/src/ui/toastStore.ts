import { TOAST_DURATION_MS, TOAST_EXIT_MS } from '@cinegraph/contracts';

export type ToastKind = 'loading' | 'success' | 'error' | 'info';

export interface Toast {
  id: string;
  kind: ToastKind;
  message: string;
  /** True during the exit animation, just before the toast is removed. */
  leaving: boolean;
}

export interface ToastStore {
  getToasts(): readonly Toast[];
  subscribe(listener: () => void): () => void;
  show(kind: ToastKind, message: string): string;
  update(id: string, change: { kind?: ToastKind; message?: string }): void;
  dismiss(id: string): void;
  /** Drops every toast and pending timer. */
  clear(): void;
}

/** How long a toast of this kind stays before it leaves by itself; null means until updated or dismissed. */
export function toastDuration(kind: ToastKind): number | null {
  return kind === 'loading' ? null : TOAST_DURATION_MS[kind];
}

/**
 * The toast queue without React: each toast gets an auto-dismiss timer from its kind (restarted when it
 * is updated), and a dismissed toast stays `leaving` for the exit animation before it is removed.
 */
export function createToastStore(): ToastStore {
  let toasts: readonly Toast[] = [];
  let nextId = 1;
  const listeners = new Set<() => void>();
  const timers = new Map<string, ReturnType<typeof setTimeout>>();

  const emit = () => listeners.forEach((listener) => listener());
  const patch = (id: string, change: Partial<Toast>) => {
    toasts = toasts.map((toast) => (toast.id === id ? { ...toast, ...change } : toast));
    emit();
  };
  const stopTimer = (id: string) => {
    clearTimeout(timers.get(id));
    timers.delete(id);
  };
  const startTimer = (id: string, kind: ToastKind) => {
    stopTimer(id);
    const duration = toastDuration(kind);
    if (duration !== null)
      timers.set(
        id,
        setTimeout(() => dismiss(id), duration),
      );
  };

  function dismiss(id: string) {
    const toast = toasts.find((t) => t.id === id);
    if (!toast || toast.leaving) return;
    patch(id, { leaving: true });
    stopTimer(id);
    timers.set(
      id,
      setTimeout(() => {
        timers.delete(id);
        toasts = toasts.filter((t) => t.id !== id);
        emit();
      }, TOAST_EXIT_MS),
    );
  }

  return {
    getToasts: () => toasts,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    show(kind, message) {
      const id = `toast-${nextId++}`;
      toasts = [...toasts, { id, kind, message, leaving: false }];
      emit();
      startTimer(id, kind);
      return id;
    },
    update(id, change) {
      const toast = toasts.find((t) => t.id === id);
      if (!toast) return;
      const kind = change.kind ?? toast.kind;
      // An update during the exit animation brings the toast back: the caller has news to show.
      patch(id, { kind, message: change.message ?? toast.message, leaving: false });
      startTimer(id, kind);
    },
    dismiss,
    clear() {
      timers.forEach((timer) => clearTimeout(timer));
      timers.clear();
      toasts = [];
      emit();
    },
  };
}
