import { describe, expect, it } from 'vitest';
import { selectedOrFirst } from './selection';

describe('the selection of a demo list', () => {
  const items = [{ id: 'a' }, { id: 'b' }];

  it('keeps an item that is in the list', () => {
    expect(selectedOrFirst(items, 'b')).toBe('b');
  });

  it('falls back to the first item for a deleted one, and to none for an empty list', () => {
    expect(selectedOrFirst(items, 'gone')).toBe('a');
    expect(selectedOrFirst(items, null)).toBe('a');
    expect(selectedOrFirst([], 'a')).toBeNull();
  });
});
