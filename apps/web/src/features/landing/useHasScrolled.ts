import { useSyncExternalStore } from 'react';

// Whether the visitor has scrolled this page at all since it loaded. Once true, it stays true.
let hasScrolled = false;
const listeners = new Set<() => void>();

function onFirstScroll() {
  hasScrolled = true;
  window.removeEventListener('scroll', onFirstScroll);
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  if (!hasScrolled && listeners.size === 0)
    window.addEventListener('scroll', onFirstScroll, { passive: true });
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('scroll', onFirstScroll);
  };
}

/** True from the visitor's first scroll on: until then nothing needs to wait off-screen to fade in. */
export function useHasScrolled(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => hasScrolled,
    () => false,
  );
}
