import { MOVIE_TITLE_MAX } from '@cinegraph/contracts';
import { describe, expect, it } from 'vitest';
import { titleToSave } from './titleEdit';

describe('titleToSave', () => {
  it('saves a changed title without surrounding spaces', () => {
    expect(titleToSave('Old', '  New cut  ')).toBe('New cut');
  });

  it('saves nothing for a blank or unchanged title', () => {
    expect(titleToSave('Old', '   ')).toBeNull();
    expect(titleToSave('Old', ' Old ')).toBeNull();
  });

  it('cuts a title to the longest the server accepts', () => {
    expect(titleToSave('Old', 'x'.repeat(MOVIE_TITLE_MAX + 5))).toHaveLength(MOVIE_TITLE_MAX);
  });
});
