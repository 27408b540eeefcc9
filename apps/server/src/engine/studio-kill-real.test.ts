import { execSync, spawn, type ChildProcess } from 'node:child_process';
import { openSync, renameSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { STUDIO_REQUEST_HEADERS } from '@cinegraph/contracts';
import { inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client';
import { generations } from '../db/schema';
import { seedTemplateMovies } from '../services/movies/templates';
import { createTestApp } from '../test/test-app';
import { generate, generationMovie } from './engine-test-support';
import { addThirdShot, expectTakesAsWritten, seconds, setResolution } from './real-peer-support';

/**
 * `kill -9` of the studio's own process mid-batch, then the studio started again on the same data
 * folder (PGlite and local storage), in front of the REAL comfyui-api 1.18.0 and ComfyUI 0.8.0 (as
 * comfyui-api-real.test.ts, whose settings it shares): not run in CI. STUDIO_KILL_REAL_PORT is the port
 * the studio process listens on; comfyui-api's SYSTEM_WEBHOOK_URL must be that address's webhook.
 * Every job must reach success (back through the queue where its outcome was lost), its take
 * byte-identical to what ComfyUI wrote (COMFYUI_API_REAL_KEPT).
 */
const env = process.env;
const real = env.COMFYUI_API_REAL_URL && env.STUDIO_KILL_REAL_PORT;
if (!real) console.log('studio-kill-real: skipped (COMFYUI_API_REAL_URL, STUDIO_KILL_REAL_PORT unset)');

const SECRET = 'test-secret-'.padEnd(40, 'x');
const LOST_AFTER_S = 60;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(!real)(
  'the studio killed with kill -9 mid-batch and started again on its data folder',
  () => {
    it('brings every job of a 3 shots x 2 takes batch to success, takes byte-identical to what ComfyUI wrote', async () => {
      const port = Number(env.STUDIO_KILL_REAL_PORT);
      const publicUrl = `http://127.0.0.1:${port}`;
      // The movie and its batch, written into a PGlite folder the studio process then opens.
      const staging = await mkdtemp(path.join(os.tmpdir(), 'cinegraph-kill-'));
      const database = await openDatabase({ kind: 'pglite', folder: path.join(staging, 'db') });
      const t = await createTestApp({ sharedDatabase: database, env: { PUBLIC_URL: publicUrl } });
      await seedTemplateMovies(t.db, t.storage);
      const m = await generationMovie(t);
      await addThirdShot(t, m);
      await setResolution(t, m, [2048, 2048]);
      const ids = await generate(t, m, m.shotIds.slice(0, 3), 2);
      expect(ids).toHaveLength(6);
      await t.app.close();
      await database.close();
      renameSync(path.join(staging, 'db'), path.join(t.dataDir, 'db'));

      const log = openSync(path.join(staging, 'studio.log'), 'a');
      const start = () =>
        // node itself (tsx's CLI would run the server in a child that outlives a kill -9 of its parent).
        spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
          env: {
            ...env,
            DATABASE_URL: '',
            DATA_DIR: t.dataDir,
            PORT: String(port),
            HOST: '127.0.0.1',
            PUBLIC_URL: publicUrl,
            SECRET,
            LOG_LEVEL: 'info',
            DEV_WORKER: 'false',
            COMFYUI_URLS: `comfyui-api+${env.COMFYUI_API_REAL_URL}`,
            COMFYUI_API_WEBHOOK_SECRET: env.COMFYUI_API_REAL_SECRET,
            COMFYUI_API_LOST_AFTER_S: String(LOST_AFTER_S),
          },
          stdio: ['ignore', log, log],
        });
      const statuses = async () => {
        const read = await Promise.all(
          ids.map(async (id) => {
            const response = await fetch(`${publicUrl}/api/v1/generations/${id}`, {
              headers: { cookie: m.user.cookie, ...STUDIO_REQUEST_HEADERS },
            }).catch(() => null);
            return response?.ok ? ((await response.json()) as { status: string }).status : 'unreachable';
          }),
        );
        return read;
      };
      let last = '';
      const waitFor = async (done: (s: string[]) => boolean, timeoutMs: number) => {
        const deadline = Date.now() + timeoutMs;
        for (let s = await statuses(); ; s = await statuses()) {
          if (s.join() !== last) console.log(`+${seconds(started)} s: ${(last = s.join())}`);
          if (done(s)) return s;
          if (Date.now() > deadline) throw new Error(`timed out: ${s.join(', ')}`);
          await sleep(250);
        }
      };

      const started = Date.now();
      let studio: ChildProcess = start();
      try {
        // Killed once the first take is done and others are with comfyui-api.
        const before = await waitFor((s) => s.includes('success') && s.includes('running'), 180_000);
        const killed = Date.now();
        studio.kill('SIGKILL');
        await new Promise((resolve) => studio.once('exit', resolve));
        console.log(`kill -9 after ${seconds(started)} s: ${before.join(', ')}`);
        await sleep(12_000);
        studio = start();
        const after = await waitFor((s) => s.every((x) => x === 'success' || x === 'failed'), 600_000);
        console.log(`restarted; all ended ${seconds(killed)} s after the kill: ${after.join(', ')}`);
      } finally {
        studio.kill('SIGTERM');
        await new Promise((resolve) => studio.once('exit', resolve));
      }

      const reopened = await openDatabase({ kind: 'pglite', folder: path.join(t.dataDir, 'db') });
      try {
        const rows = await reopened.db.select().from(generations).where(inArray(generations.id, ids));
        console.log(
          `jobs: ${rows.map((r) => `${r.status} after ${r.attempts} attempt(s)${r.errorMessage ? ` (${r.errorMessage})` : ''}`).join('; ')}`,
        );
        expect(rows.map((r) => r.status)).toEqual(ids.map(() => 'success'));
        await expectTakesAsWritten(t.storage, publicUrl, rows, (row) =>
          path.join(env.COMFYUI_API_REAL_KEPT!, `${row.promptId}_cinegraph_${row.id}_00001_.png`),
        );
      } finally {
        await reopened.close();
        execSync(`tail -5 ${path.join(staging, 'studio.log')}`, { stdio: 'inherit' });
      }
    }, 900_000);
  },
);
