import { useSyncExternalStore } from 'react';

// The page's scroll position as of its last scroll event. Reading window.scrollY lays out the page if
// anything changed, and React reads a store at every render of its user and after every commit: on the
// editor, with hundreds of nodes being drawn, each read was a full layout.
let scrollY: number | null = null;
const listeners = new Set<() => void>();

function onScroll() {
  scrollY = window.scrollY;
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  if (listeners.size === 0) window.addEventListener('scroll', onScroll, { passive: true });
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size > 0) return;
    window.removeEventListener('scroll', onScroll);
    scrollY = null; // Unheard scrolls may follow: the next reader asks the window again.
  };
}

/** Whether the page has scrolled past `offset` pixels (re-renders only when that answer changes). */
export function useScrolled(offset = 8): boolean {
  return useSyncExternalStore(
    subscribe,
    () => (scrollY ??= window.scrollY) > offset,
    () => false,
  );
}
