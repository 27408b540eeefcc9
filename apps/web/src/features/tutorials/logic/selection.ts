/**
 * The selected item of a demo list: `selected` while it is in the list, else the first item, else none.
 * A deleted item's tile may still report a click after its delete button (the event bubbles), so the
 * demos read the selection through this rather than trusting the last id set.
 */
export function selectedOrFirst(items: readonly { id: string }[], selected: string | null): string | null {
  if (items.some((item) => item.id === selected)) return selected;
  return items[0]?.id ?? null;
}
