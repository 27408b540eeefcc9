import { describe, expect, it } from 'vitest';
import { formatDate, movieCardDate } from './movieDates';

const utc = { locale: 'en-US', timeZone: 'UTC' };

describe('movieCardDate', () => {
  it('shows the updated date when the movie has one', () => {
    const movie = { created_at: '2025-01-02T10:00:00Z', updated_at: '2025-03-04T23:30:00Z' };
    expect(movieCardDate(movie, utc)).toEqual({
      label: 'Updated',
      iso: '2025-03-04T23:30:00Z',
      text: 'Mar 4, 2025',
    });
  });

  it('falls back to the created date when the updated date is missing or unreadable', () => {
    expect(movieCardDate({ created_at: '2025-01-02T10:00:00Z', updated_at: '' }, utc)?.text).toBe(
      'Jan 2, 2025',
    );
    expect(movieCardDate({ created_at: '2025-01-02T10:00:00Z', updated_at: 'soon' }, utc)?.label).toBe(
      'Created',
    );
  });

  it('shows no date when neither timestamp can be read', () => {
    expect(movieCardDate({ created_at: '', updated_at: 'x' }, utc)).toBeNull();
  });
});

describe('formatDate', () => {
  it('formats in the given time zone', () => {
    expect(formatDate('2025-03-04T23:30:00Z', { locale: 'en-US', timeZone: 'Asia/Tokyo' })).toBe(
      'Mar 5, 2025',
    );
  });
});
