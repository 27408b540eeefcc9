/** Words of a text for comparing: lower case, letters and digits only. */
export function wordsOf(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** A text compared as a key: its words, one space apart ("INT.  House -- day" is "int house day"). */
export const keyOf = (text: string) => wordsOf(text).join(' ');

/** How alike two texts are: the Dice coefficient of their words (1 the same words, 0 none shared). */
export function similarity(a: string, b: string): number {
  const left = wordsOf(a);
  const right = wordsOf(b);
  if (left.length + right.length === 0) return 1;
  const counts = new Map<string, number>();
  for (const word of left) counts.set(word, (counts.get(word) ?? 0) + 1);
  let shared = 0;
  for (const word of right) {
    const n = counts.get(word) ?? 0;
    if (n > 0) {
      shared++;
      counts.set(word, n - 1);
    }
  }
  return (2 * shared) / (left.length + right.length);
}

/** Texts at least this alike are taken for the same item edited (a heading's time of day changed). */
export const SAME_ITEM_SIMILARITY = 0.5;

/**
 * Which existing item each new one is, keeping order: first the longest run of equal keys in order
 * (a longest common subsequence), then, between two such matches, each remaining new item takes the next
 * remaining existing one there that is similar enough. Returns `matched[newIndex] = existingIndex | -1`.
 */
export function alignByText(existing: readonly string[], incoming: readonly string[]): number[] {
  const a = existing.map(keyOf);
  const b = incoming.map(keyOf);
  const matched = lcs(a, b);
  let fromExisting = 0;
  let gap: number[] = [];
  const closeGap = (existingEnd: number) => {
    let next = fromExisting;
    for (const j of gap) {
      for (let i = next; i < existingEnd; i++) {
        if (similarity(existing[i]!, incoming[j]!) >= SAME_ITEM_SIMILARITY) {
          matched[j] = i;
          next = i + 1;
          break;
        }
      }
    }
    gap = [];
  };
  for (let j = 0; j < b.length; j++) {
    if (matched[j] === -1) {
      gap.push(j);
      continue;
    }
    closeGap(matched[j]!);
    fromExisting = matched[j]! + 1;
  }
  closeGap(a.length);
  return matched;
}

/** Beyond this many cells the table would take too much memory: equal keys are then matched greedily. */
const LCS_MAX_CELLS = 4_000_000;

/** `matched[j]` = the index in `a` equal to `b[j]` on a longest common subsequence, else -1. */
function lcs(a: readonly string[], b: readonly string[]): number[] {
  if ((a.length + 1) * (b.length + 1) > LCS_MAX_CELLS) return greedyInOrder(a, b);
  const rows = a.length + 1;
  const cols = b.length + 1;
  const table = new Uint32Array(rows * cols);
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      table[i * cols + j] =
        a[i] === b[j]
          ? table[(i + 1) * cols + j + 1]! + 1
          : Math.max(table[(i + 1) * cols + j]!, table[i * cols + j + 1]!);
    }
  }
  const matched = new Array<number>(b.length).fill(-1);
  for (let i = 0, j = 0; i < a.length && j < b.length;) {
    if (a[i] === b[j]) matched[j++] = i++;
    else if (table[(i + 1) * cols + j]! >= table[i * cols + j + 1]!) i++;
    else j++;
  }
  return matched;
}

/** Each of `b` takes the next equal key of `a` after the previous match (a subsequence, not the longest). */
function greedyInOrder(a: readonly string[], b: readonly string[]): number[] {
  const positions = new Map<string, number[]>();
  a.forEach((key, i) => {
    const list = positions.get(key);
    if (list) list.push(i);
    else positions.set(key, [i]);
  });
  let after = -1;
  return b.map((key) => {
    const found = positions.get(key)?.find((i) => i > after);
    if (found === undefined) return -1;
    after = found;
    return found;
  });
}

/** A place in the merged list: the n-th new item, or an existing item the new list does not hold. */
export type Placed = { incoming: number } | { existing: number };

/**
 * The merged order: the new items in their order, each existing item left over kept right after the
 * new item its predecessor became (at the start when none did), so it stays among its neighbours.
 */
export function mergedOrder(existingCount: number, matched: readonly number[]): Placed[] {
  const owner = new Map<number, number>();
  matched.forEach((i, j) => i >= 0 && owner.set(i, j));
  const leading: Placed[] = [];
  const after = new Map<number, Placed[]>();
  let last = -1;
  for (let i = 0; i < existingCount; i++) {
    const j = owner.get(i);
    if (j !== undefined) last = j;
    else if (last < 0) leading.push({ existing: i });
    else after.set(last, [...(after.get(last) ?? []), { existing: i }]);
  }
  return [...leading, ...matched.flatMap((_, j) => [{ incoming: j }, ...(after.get(j) ?? [])])];
}
