import type { MovieTemplate, TemplateKey } from '@cinegraph/contracts';

/** What New Movie starts from: one of the template movies, or nothing (a blank movie). */
export type MovieStart = TemplateKey | 'blank';

const TEMPLATE_TITLES: Record<TemplateKey, RegExp> = {
  'text-to-video': /text[\s-]*to[\s-]*video/i,
  'lip-sync': /lip[\s-]*sync/i,
};

/**
 * The template a new movie starts from, by its title (the list carries no keys). The text-to-video
 * example is the starter: the server lists it first, and the title check guards against a reordered list.
 */
export function pickTemplate(
  templates: readonly MovieTemplate[],
  key: TemplateKey = 'text-to-video',
): MovieTemplate | undefined {
  const named = templates.find((template) => TEMPLATE_TITLES[key].test(template.title));
  return named ?? (key === 'text-to-video' ? templates[0] : undefined);
}

export const pickStarterTemplate = (templates: readonly MovieTemplate[]) => pickTemplate(templates);

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
