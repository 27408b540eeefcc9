import fs from 'node:fs';
import path from 'node:path';

/** The rows the migrator itself compares: the newest applied migration's `when` from the journal. */
const NEWEST_APPLIED = 'select created_at from drizzle.__drizzle_migrations order by created_at desc limit 1';

/**
 * Whether the database lacks the journal's newest migration, as drizzle's migrator judges it (it runs
 * every migration newer than the newest applied). Start-up asks this one question before running the
 * migrator, which otherwise reads and hashes every migration file and runs its statements on each
 * start of an up-to-date database (a tenth of a second of CPU on PGlite).
 */
export async function migrationsPending(
  migrationsFolder: string,
  query: (statement: string) => Promise<{ rows: { created_at: unknown }[] }>,
): Promise<boolean> {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  const newest = Math.max(...journal.entries.map((entry) => entry.when));
  // A database never migrated has no such table: the migrator makes it.
  const applied = await query(NEWEST_APPLIED).then(
    (result) => result.rows,
    () => [],
  );
  return applied.length === 0 || Number(applied[0]!.created_at) < newest;
}
