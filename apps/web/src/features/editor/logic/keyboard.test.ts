import { describe, expect, it } from 'vitest';
import { editorKeyAction, isTypingElement, type FocusState, type KeyPress } from './keyboard';

const canvas: FocusState = { typing: false, fieldEmpty: false, overlayOpen: false };
const inField: FocusState = { typing: true, fieldEmpty: false, overlayOpen: false };
const inEmptyField: FocusState = { typing: true, fieldEmpty: true, overlayOpen: false };
const dialog: FocusState = { typing: false, fieldEmpty: false, overlayOpen: true };

function press(key: string, mods: Partial<KeyPress> = {}): KeyPress {
  return { key, ctrlKey: false, metaKey: false, shiftKey: false, altKey: false, ...mods };
}

describe('editor keyboard rules', () => {
  it('adds workflow, primitive and character nodes with N, P and C', () => {
    expect(editorKeyAction(press('n'), canvas)).toEqual({ kind: 'add', node: 'workflow' });
    expect(editorKeyAction(press('P'), canvas)).toEqual({ kind: 'add', node: 'primitive' });
    expect(editorKeyAction(press('c'), canvas)).toEqual({ kind: 'add', node: 'character' });
  });

  it('ignores letter shortcuts while typing or editing a node', () => {
    expect(editorKeyAction(press('n'), inField)).toBeNull();
    expect(editorKeyAction(press('c'), inEmptyField)).toBeNull();
    expect(editorKeyAction(press(' '), inField)).toBeNull();
  });

  it('leaves Ctrl+C and Cmd+P to the browser', () => {
    expect(editorKeyAction(press('c', { ctrlKey: true }), canvas)).toBeNull();
    expect(editorKeyAction(press('p', { metaKey: true }), canvas)).toBeNull();
  });

  it('saves with Ctrl+S or Cmd+S, even from a field', () => {
    expect(editorKeyAction(press('s', { ctrlKey: true }), canvas)).toEqual({ kind: 'save' });
    expect(editorKeyAction(press('s', { metaKey: true }), inField)).toEqual({ kind: 'save' });
  });

  it('deletes the selection with Delete or Backspace, but not from a field with text', () => {
    expect(editorKeyAction(press('Delete'), canvas)).toEqual({ kind: 'delete' });
    expect(editorKeyAction(press('Backspace'), canvas)).toEqual({ kind: 'delete' });
    expect(editorKeyAction(press('Backspace'), inField)).toBeNull();
    expect(editorKeyAction(press('Backspace'), inEmptyField)).toEqual({ kind: 'delete' });
  });

  it('moves the selected node 5 px with the arrows, 20 px with Shift', () => {
    expect(editorKeyAction(press('ArrowLeft'), canvas)).toEqual({ kind: 'move', dx: -5, dy: 0 });
    expect(editorKeyAction(press('ArrowDown', { shiftKey: true }), canvas)).toEqual({
      kind: 'move',
      dx: 0,
      dy: 20,
    });
    expect(editorKeyAction(press('ArrowUp'), inField)).toBeNull();
  });

  it('toggles the node menu with Space', () => {
    expect(editorKeyAction(press(' '), canvas)).toEqual({ kind: 'toggleMenu' });
  });

  it('leaves the keyboard to an open dialog', () => {
    expect(editorKeyAction(press('Delete'), dialog)).toBeNull();
    expect(editorKeyAction(press('n'), dialog)).toBeNull();
  });
});

describe('what counts as typing', () => {
  const element = (tagName: string, extra: Record<string, unknown> = {}) =>
    ({ tagName, isContentEditable: false, ...extra }) as unknown as Element;

  it('counts text fields, textareas, selects and editable elements', () => {
    expect(isTypingElement(element('INPUT', { type: 'text' }))).toBe(true);
    expect(isTypingElement(element('INPUT', { type: 'url' }))).toBe(true);
    expect(isTypingElement(element('TEXTAREA'))).toBe(true);
    expect(isTypingElement(element('SELECT'))).toBe(true);
    expect(isTypingElement(element('DIV', { isContentEditable: true }))).toBe(true);
  });

  it('does not count buttons, checkboxes or the page itself', () => {
    expect(isTypingElement(element('BUTTON'))).toBe(false);
    expect(isTypingElement(element('INPUT', { type: 'checkbox' }))).toBe(false);
    expect(isTypingElement(element('BODY'))).toBe(false);
    expect(isTypingElement(null)).toBe(false);
  });
});
