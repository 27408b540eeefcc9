import { useEffect, useRef } from 'react';
import { clipboardShortcut } from '../logic/keyboard';

/**
 * Ctrl/Cmd+C remembers the selected item, Ctrl/Cmd+V pastes it (ignored while typing in a field).
 * The copied id lives for the screen: a copy from another list cannot be pasted here.
 */
export function useClipboardShortcuts(
  selectedId: string | null,
  paste: (copiedId: string, afterId: string) => void,
) {
  const copiedRef = useRef<string | null>(null);
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      const target = event.target instanceof HTMLElement ? event.target : null;
      const shortcut = clipboardShortcut({
        key: event.key,
        ctrlKey: event.ctrlKey,
        metaKey: event.metaKey,
        altKey: event.altKey,
        targetTag: target?.tagName ?? '',
        targetEditable: target?.isContentEditable ?? false,
      });
      if (!shortcut || !selectedId) return;
      event.preventDefault();
      if (shortcut === 'copy') copiedRef.current = selectedId;
      else if (copiedRef.current) paste(copiedRef.current, selectedId);
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [selectedId, paste]);
}
