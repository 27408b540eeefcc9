/** The viewer's position after a step, wrapping at both ends (spec: A previous, D next). */
export function wrapIndex(index: number, step: -1 | 1, length: number): number {
  if (length === 0) return 0;
  return (((index + step) % length) + length) % length;
}

export type ViewerAction = 'previous' | 'next' | 'close';

/** What a key does in the full-screen viewer: A previous, D next, Esc close; anything else nothing. */
export function viewerKeyAction(key: string): ViewerAction | null {
  if (key === 'Escape') return 'close';
  const lower = key.toLowerCase();
  if (lower === 'a') return 'previous';
  if (lower === 'd') return 'next';
  return null;
}
