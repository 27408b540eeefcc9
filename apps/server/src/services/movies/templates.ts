import type { TemplateKey } from '@cinegraph/contracts';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { Storage } from '../../storage/storage';
import { movies } from '../../db/schema';
import { seedTemplateGraph } from './template-seed';

interface TemplateMovie {
  key: TemplateKey;
  title: string;
}

/** The order the web app relies on: New Movie copies the first (text-to-video). */
export const TEMPLATE_ORDER: readonly TemplateKey[] = ['text-to-video', 'lip-sync'];

/** The template movies that ship with the product; their graphs are in template-graphs.ts. */
export const TEMPLATE_MOVIES: readonly TemplateMovie[] = [
  { key: 'text-to-video', title: 'Text to Video Example' },
  { key: 'lip-sync', title: 'Lip Sync Example' },
];

/**
 * Inserts missing templates, keeps their titles up to date and gives each its files and graph; safe to
 * run on every start. The movie inputs are written with the graph (they name its movie-level nodes).
 */
export async function seedTemplateMovies(db: Database, storage: Storage): Promise<void> {
  for (const template of TEMPLATE_MOVIES) {
    await db
      .insert(movies)
      .values({ templateKey: template.key, title: template.title })
      .onConflictDoUpdate({
        target: movies.templateKey,
        set: { title: template.title, updatedAt: sql`now()` },
      });
    await seedTemplateGraph(db, storage, template.key);
  }
}
