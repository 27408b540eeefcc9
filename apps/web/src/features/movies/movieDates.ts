import type { Movie } from '@cinegraph/contracts';

export interface MovieCardDate {
  label: 'Updated' | 'Created';
  /** ISO timestamp, for the `<time dateTime>` attribute. */
  iso: string;
  text: string;
}

export interface DateFormatOptions {
  locale?: string;
  timeZone?: string;
}

/** The date a movie card shows: when it was last updated, or else when it was created (the spec). */
export function movieCardDate(
  movie: Pick<Movie, 'updated_at' | 'created_at'>,
  options: DateFormatOptions = {},
): MovieCardDate | null {
  const candidates = [
    { label: 'Updated', iso: movie.updated_at },
    { label: 'Created', iso: movie.created_at },
  ] as const;
  for (const { label, iso } of candidates) {
    const text = formatDate(iso, options);
    if (text) return { label, iso, text };
  }
  return null;
}

/** `Mar 3, 2025`, or null for a missing or unreadable timestamp. */
export function formatDate(iso: string | null | undefined, { locale, timeZone }: DateFormatOptions = {}) {
  if (!iso) return null;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return new Intl.DateTimeFormat(locale ?? 'en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone,
  }).format(date);
}
