import {
  createContext,
  useContext,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { ToastViewport } from './ToastViewport';
import { createToastStore, type ToastKind } from './toastStore';

export interface ToastApi {
  success(message: string): string;
  error(message: string): string;
  info(message: string): string;
  /** A toast that stays (with a spinner) until it is updated or dismissed; returns its id. */
  loading(message: string): string;
  update(id: string, change: { kind?: ToastKind; message?: string }): void;
  dismiss(id: string): void;
}

const ToastContext = createContext<ToastApi | null>(null);

export function ToastProvider({ children }: { children: ReactNode }) {
  const [store] = useState(createToastStore);
  const toasts = useSyncExternalStore(store.subscribe, store.getToasts, store.getToasts);
  useEffect(() => () => store.clear(), [store]);

  // One stable object, so components can list the toast API in effect dependencies without re-running.
  const api = useMemo<ToastApi>(
    () => ({
      success: (message) => store.show('success', message),
      error: (message) => store.show('error', message),
      info: (message) => store.show('info', message),
      loading: (message) => store.show('loading', message),
      update: (id, change) => store.update(id, change),
      dismiss: (id) => store.dismiss(id),
    }),
    [store],
  );

  return (
    <ToastContext.Provider value={api}>
      {children}
      <ToastViewport toasts={toasts} onDismiss={api.dismiss} />
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast must be used inside <ToastProvider>');
  return api;
}
