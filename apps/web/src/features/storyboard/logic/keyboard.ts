export type ClipboardShortcut = 'copy' | 'paste';

export interface KeyPress {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  /** The focused element's tag name and whether it is editable. */
  targetTag: string;
  targetEditable: boolean;
}

const TEXT_TAGS = new Set(['INPUT', 'TEXTAREA', 'SELECT']);

/** Ctrl/Cmd+C and Ctrl/Cmd+V copy and paste items, except while typing in a text field. */
export function clipboardShortcut(press: KeyPress): ClipboardShortcut | null {
  if (!(press.ctrlKey || press.metaKey) || press.altKey) return null;
  if (TEXT_TAGS.has(press.targetTag.toUpperCase()) || press.targetEditable) return null;
  const key = press.key.toLowerCase();
  return key === 'c' ? 'copy' : key === 'v' ? 'paste' : null;
}
