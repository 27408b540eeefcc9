import { GenerationEvent } from '@cinegraph/contracts';

/**
 * The `event: generation` data of the movie's stream; null for anything else. Its own module, loaded with
 * the first event (createEventReader): the schema is zod's, which the pages need not load to draw.
 */
export function parseGenerationEvent(data: unknown): GenerationEvent | null {
  if (typeof data !== 'string') return null;
  try {
    const parsed = GenerationEvent.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
