import type { MovieInput, TemplateKey } from '@cinegraph/contracts';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { movies } from '../../db/schema';

interface TemplateMovie {
  key: TemplateKey;
  title: string;
  inputs: MovieInput[];
}

/** The order the web app relies on: New Movie copies the first (text-to-video). */
export const TEMPLATE_ORDER: readonly TemplateKey[] = ['text-to-video', 'lip-sync'];

/** The template movies that ship with the product. Their graphs are filled by the editor and workflows. */
export const TEMPLATE_MOVIES: readonly TemplateMovie[] = [
  {
    key: 'text-to-video',
    title: 'Text to Video Example',
    inputs: [
      {
        node_id: 'template-movie-style',
        type: 'text',
        name: 'Style',
        value: 'cinematic, 35mm film, soft light',
      },
      { node_id: 'template-movie-resolution', type: 'vector2', name: 'Resolution', value: [1920, 1080] },
    ],
  },
  {
    key: 'lip-sync',
    title: 'Lip Sync Example',
    inputs: [
      { node_id: 'template-movie-portrait', type: 'image', name: 'Portrait', value: '' },
      { node_id: 'template-movie-voice', type: 'audio', name: 'Voice', value: '' },
    ],
  },
];

/** Inserts missing templates and brings existing ones up to date; safe to run on every start. */
export async function seedTemplateMovies(db: Database): Promise<void> {
  for (const template of TEMPLATE_MOVIES) {
    await db
      .insert(movies)
      .values({ templateKey: template.key, title: template.title, inputs: template.inputs })
      .onConflictDoUpdate({
        target: movies.templateKey,
        set: { title: template.title, inputs: template.inputs, updatedAt: sql`now()` },
      });
  }
}
