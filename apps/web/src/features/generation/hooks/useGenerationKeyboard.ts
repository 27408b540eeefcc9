import { useEffect, useRef } from 'react';

/** Typing in a field never steps shots or toggles anything. */
function typingIn(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/** The generation screen's keys: A and D step shots, Space toggles use-as-input of the selection. */
export function useGenerationKeyboard(handlers: { step(direction: -1 | 1): void; toggleUseAsInput(): void }) {
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.ctrlKey || event.metaKey || event.altKey || typingIn(event.target)) return;
      if (document.querySelector('[aria-modal="true"]')) return;
      const key = event.key.toLowerCase();
      if (key === 'a' || key === 'd') {
        event.preventDefault();
        latest.current.step(key === 'a' ? -1 : 1);
      } else if (event.key === ' ') {
        event.preventDefault();
        latest.current.toggleUseAsInput();
      }
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
