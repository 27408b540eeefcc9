/** The viewer's position after a step, wrapping at both ends (spec: A previous, D next). */
export function wrapIndex(index: number, step: -1 | 1, length: number): number {
  if (length === 0) return 0;
  return (((index + step) % length) + length) % length;
}

/** The step a key makes in the full-screen viewer: A back, D forward (either case); else null. */
export function viewerStep(key: string): -1 | 1 | null {
  const lower = key.toLowerCase();
  if (lower === 'a') return -1;
  if (lower === 'd') return 1;
  return null;
}
