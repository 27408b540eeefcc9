import { insertAt, moveItem, removeItem } from '@cinegraph/contracts';

/** Items shown in the grid: hidden ones only when 'Show hidden' is on. */
export function visibleItems<T extends { hidden: boolean }>(items: readonly T[], showHidden: boolean): T[] {
  return showHidden ? [...items] : items.filter((item) => !item.hidden);
}

/**
 * The full order after dragging the visible item at `from` onto the visible item at `to`: hidden items
 * keep their places between the visible ones.
 */
export function moveAmongVisible(
  order: readonly string[],
  visible: readonly string[],
  from: number,
  to: number,
): string[] {
  const moved = visible[from];
  const target = visible[to];
  if (moved === undefined || target === undefined || moved === target) return [...order];
  return moveItem(order, order.indexOf(moved), order.indexOf(target));
}

/** The order with `pastedId` placed right after `afterId` (the selected item). */
export function orderAfterPaste(order: readonly string[], pastedId: string, afterId: string): string[] {
  const rest = removeItem(order, pastedId);
  const anchor = rest.indexOf(afterId);
  return insertAt(rest, anchor < 0 ? rest.length : anchor + 1, pastedId);
}
