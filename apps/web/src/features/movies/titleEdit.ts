import { MOVIE_TITLE_MAX } from '@cinegraph/contracts';

/** The title to save from an inline edit, or null when there is nothing to save (blank or unchanged). */
export function titleToSave(current: string, draft: string): string | null {
  const title = draft.trim().slice(0, MOVIE_TITLE_MAX);
  return title && title !== current ? title : null;
}
