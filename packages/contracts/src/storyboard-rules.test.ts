import { describe, expect, it } from 'vitest';
import {
  detectCharacters,
  insertAt,
  insertPosition,
  mentionsName,
  moveItem,
  nextIndex,
  orderByIndex,
  reindex,
  removeItem,
  selectionAfterDelete,
} from './storyboard-rules';

describe('orderByIndex', () => {
  it('sorts by index and keeps the array order for equal or missing indexes', () => {
    const items = [{ id: 'c', index: 2 }, { id: 'a', index: 0 }, { id: 'x' }, { id: 'b', index: 0 }];
    expect(orderByIndex(items).map((i) => i.id)).toEqual(['a', 'b', 'c', 'x']);
  });
});

describe('insertPosition and nextIndex', () => {
  it('appends when no index is requested and clamps a requested index to the list', () => {
    expect(insertPosition(3)).toBe(3);
    expect(insertPosition(3, 1)).toBe(1);
    expect(insertPosition(3, 99)).toBe(3);
    expect(insertPosition(3, -4)).toBe(0);
  });

  it('gives 0 to the first item and one past the highest index otherwise', () => {
    expect(nextIndex([])).toBe(0);
    expect(nextIndex([{ index: 0 }, { index: 4 }, { index: 2 }])).toBe(5);
  });
});

describe('re-indexing', () => {
  const current = ['a', 'b', 'c', 'd'].map((id, index) => ({ id, index }));
  const ids = current.map((i) => i.id);

  it('inserting shifts every later item down by one and leaves earlier ones alone', () => {
    const order = insertAt(ids, 1, 'new');
    expect(order).toEqual(['a', 'new', 'b', 'c', 'd']);
    expect(reindex(current, order)).toEqual([
      { id: 'new', index: 1 },
      { id: 'b', index: 2 },
      { id: 'c', index: 3 },
      { id: 'd', index: 4 },
    ]);
  });

  it('deleting shifts later items up by one', () => {
    expect(reindex(current, removeItem(ids, 'b'))).toEqual([
      { id: 'c', index: 1 },
      { id: 'd', index: 2 },
    ]);
  });

  it('moving an item forward or back renumbers only the items between the two places', () => {
    expect(moveItem(ids, 0, 2)).toEqual(['b', 'c', 'a', 'd']);
    expect(reindex(current, moveItem(ids, 0, 2))).toEqual([
      { id: 'b', index: 0 },
      { id: 'c', index: 1 },
      { id: 'a', index: 2 },
    ]);
    expect(moveItem(ids, 3, 1)).toEqual(['a', 'd', 'b', 'c']);
    expect(moveItem(ids, 1, 99)).toEqual(['a', 'c', 'd', 'b']);
    expect(moveItem(ids, 7, 0)).toEqual(ids);
  });

  it('closes gaps and repairs duplicate indexes', () => {
    const messy = [
      { id: 'a', index: 0 },
      { id: 'b', index: 0 },
      { id: 'c', index: 7 },
    ];
    expect(reindex(messy, ['a', 'b', 'c'])).toEqual([
      { id: 'b', index: 1 },
      { id: 'c', index: 2 },
    ]);
  });
});

describe('selectionAfterDelete', () => {
  it('selects the item now at the deleted position', () => {
    expect(selectionAfterDelete(['a', 'c'], 1)).toBe('c');
  });

  it('selects the previous item when the last one was deleted', () => {
    expect(selectionAfterDelete(['a', 'b'], 2)).toBe('b');
  });

  it('selects nothing when the list is empty', () => {
    expect(selectionAfterDelete([], 0)).toBeNull();
  });
});

describe('character detection', () => {
  const names = ['Mara', 'Old Tom', 'Ann', 'Zoë'];

  it('finds names case-insensitively, as whole words, in the order of the list', () => {
    expect(detectCharacters('ann waves at MARA and old  tom.', names)).toEqual(['Mara', 'Old Tom', 'Ann']);
  });

  it('does not find a name inside a longer word', () => {
    expect(detectCharacters('Anna and Joanne talk about Tomás', names)).toEqual([]);
    expect(mentionsName('Maras boat', 'Mara')).toBe(false);
  });

  it('finds names next to punctuation and with letters outside ASCII', () => {
    expect(detectCharacters('"Zoë!" shouts (Mara).', names)).toEqual(['Mara', 'Zoë']);
  });

  it('ignores blank names, duplicates and regular-expression characters in names', () => {
    expect(detectCharacters('Mara meets Dr. (X)', ['', '  ', 'Mara', 'mara', 'Dr. (X)'])).toEqual([
      'Mara',
      'Dr. (X)',
    ]);
  });
});
