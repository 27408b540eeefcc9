import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrationsFolder, openDatabase } from './client';
import { migrationsPending } from './pending-migrations';
import { users } from './schema';

let dir: string;
beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'cinegraph-db-'));
});
afterEach(async () => fs.rm(dir, { recursive: true, force: true }));

// Each test opens a fresh PGlite folder and runs every migration, twice in some: on a loaded CI machine
// that alone has taken over 30 s.
describe('the PGlite database folder', { timeout: 120_000 }, () => {
  it('migrates on open and keeps data across restarts', async () => {
    const folder = path.join(dir, 'db');
    const first = await openDatabase({ kind: 'pglite', folder });
    await first.db.insert(users).values({ email: 'keep@example.com' });
    await first.close();
    const second = await openDatabase({ kind: 'pglite', folder });
    expect((await second.db.select().from(users)).map((u) => u.email)).toEqual(['keep@example.com']);
    await second.close();
  });

  it('runs the migrator only when the journal has a migration the database lacks', async () => {
    const folder = path.join(dir, 'db');
    const handle = await openDatabase({ kind: 'pglite', folder });
    const query = (statement: string) => handle.db.execute(statement) as Promise<{ rows: never[] }>;
    try {
      expect(await migrationsPending(migrationsFolder, query)).toBe(false);
      // A newer checkout: its journal names one more migration.
      const newer = path.join(dir, 'drizzle');
      await fs.cp(migrationsFolder, newer, { recursive: true });
      const journalFile = path.join(newer, 'meta/_journal.json');
      const journal = JSON.parse(await fs.readFile(journalFile, 'utf8')) as { entries: { when: number }[] };
      journal.entries.push({ ...journal.entries.at(-1)!, when: journal.entries.at(-1)!.when + 1 });
      await fs.writeFile(journalFile, JSON.stringify(journal));
      expect(await migrationsPending(newer, query)).toBe(true);
    } finally {
      await handle.close();
    }
  });

  it('refuses a second opening of the same folder with a clear message', async () => {
    const folder = path.join(dir, 'db');
    const first = await openDatabase({ kind: 'pglite', folder });
    await expect(openDatabase({ kind: 'pglite', folder })).rejects.toThrow(
      /in use by another Cinegraph process/,
    );
    await first.close();
    const again = await openDatabase({ kind: 'pglite', folder });
    await again.close();
  });

  it('refuses a folder locked by another running process and takes over a stale lock', async () => {
    const folder = path.join(dir, 'db');
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    try {
      await fs.writeFile(`${folder}.lock`, String(other.pid));
      await expect(openDatabase({ kind: 'pglite', folder })).rejects.toThrow(`(pid ${other.pid})`);
    } finally {
      other.kill();
      await new Promise((resolve) => other.once('exit', resolve));
    }
    const handle = await openDatabase({ kind: 'pglite', folder });
    await handle.close();
  });
});
