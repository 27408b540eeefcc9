import { describe, expect, it } from 'vitest';
import { clipboardShortcut, type KeyPress } from './keyboard';

const press = (change: Partial<KeyPress>): KeyPress => ({
  key: 'c',
  ctrlKey: true,
  metaKey: false,
  altKey: false,
  targetTag: 'DIV',
  targetEditable: false,
  ...change,
});

describe('clipboard shortcuts', () => {
  it('copies with Ctrl+C and pastes with Cmd+V', () => {
    expect(clipboardShortcut(press({}))).toBe('copy');
    expect(clipboardShortcut(press({ key: 'V', ctrlKey: false, metaKey: true }))).toBe('paste');
  });

  it('is ignored inside text inputs and without the modifier', () => {
    expect(clipboardShortcut(press({ targetTag: 'TEXTAREA' }))).toBeNull();
    expect(clipboardShortcut(press({ targetTag: 'INPUT' }))).toBeNull();
    expect(clipboardShortcut(press({ targetEditable: true }))).toBeNull();
    expect(clipboardShortcut(press({ ctrlKey: false }))).toBeNull();
  });
});
