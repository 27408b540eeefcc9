import { useEffect, useRef } from 'react';
import { editorKeyAction, isTypingElement, type EditorKeyAction } from './logic/keyboard';

function focusState() {
  const active = document.activeElement;
  const typing = isTypingElement(active);
  const fieldValue =
    active instanceof HTMLInputElement || active instanceof HTMLTextAreaElement ? active.value : null;
  return {
    typing,
    fieldEmpty: typing && (fieldValue === null ? (active?.textContent ?? '') === '' : fieldValue === ''),
    overlayOpen: document.querySelector('[role="dialog"]') !== null,
  };
}

/** Runs the editor's keyboard shortcuts on the whole window while the editor is open. */
export function useEditorKeyboard(onAction: (action: EditorKeyAction) => void) {
  const handler = useRef(onAction);
  useEffect(() => {
    handler.current = onAction;
  });
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.defaultPrevented || (event.repeat && event.key.length === 1)) return;
      const action = editorKeyAction(event, focusState());
      if (!action) return;
      event.preventDefault();
      handler.current(action);
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
