import { describe, expect, it } from 'vitest';
import { moveAmongVisible, orderAfterPaste, visibleItems } from './ordering';

describe('storyboard ordering', () => {
  it('omits hidden items unless they are shown', () => {
    const items = [{ hidden: false }, { hidden: true }];
    expect(visibleItems(items, false)).toHaveLength(1);
    expect(visibleItems(items, true)).toHaveLength(2);
  });

  it('moves a dragged tile onto the place of the tile it was dropped on', () => {
    expect(moveAmongVisible(['a', 'b', 'c'], ['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moveAmongVisible(['a', 'b', 'c'], ['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
  });

  it('keeps hidden items in place when moving among the visible ones', () => {
    expect(moveAmongVisible(['a', 'h', 'b', 'c'], ['a', 'b', 'c'], 2, 1)).toEqual(['a', 'h', 'c', 'b']);
  });

  it('places a pasted copy right after the selected item', () => {
    expect(orderAfterPaste(['a', 'a2', 'b', 'c'], 'a2', 'c')).toEqual(['a', 'b', 'c', 'a2']);
    expect(orderAfterPaste(['a', 'b', 'b2'], 'b2', 'a')).toEqual(['a', 'b2', 'b']);
  });
});
