import { LOCAL_STORAGE_KEYS } from '@cinegraph/contracts';
import { useCallback, useSyncExternalStore } from 'react';

const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === LOCAL_STORAGE_KEYS.showHiddenItems) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

const readShowHidden = () => localStorage.getItem(LOCAL_STORAGE_KEYS.showHiddenItems) === 'true';

/** The show-hidden-items preference: kept in local storage so it persists across visits (the spec). */
export function useShowHiddenItems(): [boolean, (show: boolean) => void] {
  const show = useSyncExternalStore(subscribe, readShowHidden, () => false);
  const setShow = useCallback((value: boolean) => {
    localStorage.setItem(LOCAL_STORAGE_KEYS.showHiddenItems, String(value));
    listeners.forEach((listener) => listener());
  }, []);
  return [show, setShow];
}
