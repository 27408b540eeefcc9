import type { MovieTemplate } from '@cinegraph/contracts';

/**
 * The template a new movie starts from: the text-to-video example. The server lists it first; the title
 * check only guards against a reordered list.
 */
export function pickStarterTemplate(templates: readonly MovieTemplate[]): MovieTemplate | undefined {
  return templates.find((template) => /text[\s-]*to[\s-]*video/i.test(template.title)) ?? templates[0];
}

export interface CreateMovieSteps<T> {
  /** Copies the starter template (and its editor state) into a new movie. */
  fromTemplate(): Promise<T>;
  /** Creates an empty movie, the spec's fallback when the copy fails. */
  blank(): Promise<T>;
}

/** Creates a movie from the template, falling back to a blank one; rejects only when both fail. */
export async function createMovieWithFallback<T>({ fromTemplate, blank }: CreateMovieSteps<T>): Promise<T> {
  try {
    return await fromTemplate();
  } catch {
    return await blank();
  }
}
