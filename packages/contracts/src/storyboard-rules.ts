/**
 * Ordering and detection rules of the storyboard lists (scenes, shots, characters), shared by the
 * server (which persists the order) and the screens (which show it). Pure functions over ids.
 */

/** Sorts by `index`, falling back to the position in the array for equal or missing indexes. */
export function orderByIndex<T extends { index?: number | null }>(items: readonly T[]): T[] {
  return items
    .map((item, position) => ({ item, position }))
    .sort((a, b) => (a.item.index ?? a.position) - (b.item.index ?? b.position) || a.position - b.position)
    .map(({ item }) => item);
}

/** Where a new item goes: `requested` clamped to the list, or the end when none is requested. */
export function insertPosition(length: number, requested?: number | null): number {
  if (requested === undefined || requested === null) return length;
  return Math.min(Math.max(0, Math.trunc(requested)), length);
}

/** The index a new item appended to the list gets. */
export function nextIndex(items: readonly { index: number }[]): number {
  return items.length === 0 ? 0 : Math.max(...items.map((item) => item.index)) + 1;
}

/** The order with `id` inserted at `position` (clamped). */
export function insertAt<T>(order: readonly T[], position: number, id: T): T[] {
  const at = insertPosition(order.length, position);
  return [...order.slice(0, at), id, ...order.slice(at)];
}

/** The order with the item at `from` moved to `to` (clamped); unchanged when `from` is out of range. */
export function moveItem<T>(order: readonly T[], from: number, to: number): T[] {
  if (from < 0 || from >= order.length) return [...order];
  const rest = order.filter((_, position) => position !== from);
  return insertAt(rest, Math.min(to, rest.length), order[from]!);
}

/** The order without `id`. */
export function removeItem<T>(order: readonly T[], id: T): T[] {
  return order.filter((other) => other !== id);
}

/**
 * The index changes that make `current` follow `order` with indexes 0..n-1: only the items whose index
 * differs, so a move touches the rows between the two places and nothing else.
 */
export function reindex<T>(
  current: readonly { id: T; index: number }[],
  order: readonly T[],
): { id: T; index: number }[] {
  const indexOf = new Map(current.map((item) => [item.id, item.index]));
  return order.flatMap((id, index) => (indexOf.get(id) === index ? [] : [{ id, index }]));
}

/**
 * Which item to select after deleting the one at `deletedPosition`: the item now at that position,
 * else the previous one, else nothing when the list is empty. `remaining` is the list after the delete.
 */
export function selectionAfterDelete<T>(remaining: readonly T[], deletedPosition: number): T | null {
  if (remaining.length === 0) return null;
  return remaining[Math.min(Math.max(0, deletedPosition), remaining.length - 1)]!;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** True when `name` appears in `text` as a whole word (or words), ignoring case. */
export function mentionsName(text: string, name: string): boolean {
  const trimmed = name.trim();
  if (!trimmed) return false;
  const words = trimmed.split(/\s+/).map(escapeRegExp).join('\\s+');
  // Letters and digits of any script end a word; "Ann" is not found in "Anna" or "Joanne".
  return new RegExp(`(?<![\\p{L}\\p{N}_])${words}(?![\\p{L}\\p{N}_])`, 'iu').test(text);
}

/** The characters named in a shot's description, in the given order, each once. */
export function detectCharacters(text: string, names: readonly string[]): string[] {
  const seen = new Set<string>();
  return names.filter((name) => {
    const key = name.trim().toLowerCase();
    if (!key || seen.has(key) || !mentionsName(text, name)) return false;
    seen.add(key);
    return true;
  });
}
