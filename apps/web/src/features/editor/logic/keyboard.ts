/** What a key press asks the editor to do. */
export type EditorKeyAction =
  | { kind: 'save' }
  | { kind: 'delete' }
  | { kind: 'toggleMenu' }
  | { kind: 'add'; node: 'workflow' | 'primitive' | 'character' }
  | { kind: 'move'; dx: number; dy: number };

export interface KeyPress {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}

export interface FocusState {
  /** An input, textarea, select or editable element has focus (typing or editing a node). */
  typing: boolean;
  /** The focused field is empty (deleting from it then deletes the selection). */
  fieldEmpty: boolean;
  /** A dialog or menu is open: it owns the keyboard. */
  overlayOpen: boolean;
}

export const ARROW_STEP_PX = 5;
export const ARROW_SHIFT_FACTOR = 4;

const ARROWS: Record<string, [number, number]> = {
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
};

const LETTERS: Record<string, 'workflow' | 'primitive' | 'character'> = {
  n: 'workflow',
  p: 'primitive',
  c: 'character',
};

/** The editor's keyboard rules (the spec's Keyboard section) as one decision per key press. */
export function editorKeyAction(press: KeyPress, focus: FocusState): EditorKeyAction | null {
  const command = press.ctrlKey || press.metaKey;
  if (command && press.key.toLowerCase() === 's') return { kind: 'save' };
  if (focus.overlayOpen || command || press.altKey) return null;
  if (press.key === 'Delete' || press.key === 'Backspace') {
    return !focus.typing || focus.fieldEmpty ? { kind: 'delete' } : null;
  }
  if (focus.typing) return null;
  if (press.key === ' ') return { kind: 'toggleMenu' };
  const arrow = ARROWS[press.key];
  if (arrow) {
    const step = ARROW_STEP_PX * (press.shiftKey ? ARROW_SHIFT_FACTOR : 1);
    return { kind: 'move', dx: arrow[0] * step, dy: arrow[1] * step };
  }
  const letter = LETTERS[press.key.toLowerCase()];
  return letter ? { kind: 'add', node: letter } : null;
}

/** Whether an element takes typed text: an input, a textarea, a select or an editable element. */
export function isTypingElement(element: Element | null): boolean {
  if (!element) return false;
  const tag = element.tagName;
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag === 'INPUT') {
    const type = (element as HTMLInputElement).type;
    return !['button', 'checkbox', 'radio', 'range', 'submit', 'reset', 'color', 'file'].includes(type);
  }
  return (element as HTMLElement).isContentEditable === true;
}
