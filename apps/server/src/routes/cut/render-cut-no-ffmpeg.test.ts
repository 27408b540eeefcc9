import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CUT_MESSAGES, type CutRender } from '@cinegraph/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cutRenders } from '../../db/schema';
import { generationMovie, type GenerationMovie } from '../../engine/engine-test-support';
import { startCutRenderer } from '../../services/cut/cut-renderer';
import { createTestApp, type TestApp } from '../../test/test-app';

// A server without ffmpeg: PATH names an empty folder before anything asks for ffmpeg (the answer is
// kept for the process, and vitest gives each test file its own modules).
const emptyBin = fs.mkdtempSync(path.join(os.tmpdir(), 'no-ffmpeg-'));
const savedPath = process.env.PATH;
let t: TestApp;
let m: GenerationMovie;

beforeAll(async () => {
  process.env.PATH = emptyBin;
  t = await createTestApp();
  m = await generationMovie(t);
});
afterAll(async () => {
  process.env.PATH = savedPath;
  await t.close();
  fs.rmSync(emptyBin, { recursive: true, force: true });
});

const call = (method: 'GET' | 'POST', payload?: object) =>
  t.app.inject({
    method,
    url: `/api/v1/cut/render/movie/${m.movieId}`,
    payload,
    headers: { cookie: m.user.cookie },
  });

describe('render cut on a server without ffmpeg', () => {
  it('says why on the render, refuses a render with 503 and leaves no row behind', async () => {
    const shown = await call('GET');
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json<CutRender>().unavailable).toBe(CUT_MESSAGES.noFfmpeg);

    const refused = await call('POST', { frame_rate: '24' });
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toEqual({ detail: CUT_MESSAGES.noFfmpeg });
    expect(await t.db.select().from(cutRenders).where(eq(cutRenders.movieId, m.movieId))).toEqual([]);
  });

  it('leaves renders queued elsewhere to a server that has ffmpeg', async () => {
    // A render another server of the same database accepted stays pending here.
    await t.db
      .insert(cutRenders)
      .values({ movieId: m.movieId, userId: m.user.userId, frameRate: '24', resolution: '1280x720' });
    const renderer = startCutRenderer(t.db, { storage: t.storage, publicUrl: t.config.publicUrl }, console);
    await renderer.poll();
    await renderer.stop();
    const [row] = await t.db.select().from(cutRenders).where(eq(cutRenders.movieId, m.movieId));
    expect(row).toMatchObject({ status: 'pending', attempts: 0 });
  });
});
