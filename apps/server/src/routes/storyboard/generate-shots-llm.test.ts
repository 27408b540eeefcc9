import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { STORYBOARD_MESSAGES, type GenerateShotsResponse } from '@cinegraph/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import type { DatabaseHandle } from '../../db/client';
import { startFakeChatServer } from '../../llm/fake-chat-server';
import { createMailer } from '../../mail/create-mailer';
import { seedTemplateMovies } from '../../services/movies/templates';
import { createStorage } from '../../storage/create-storage';
import { signIn } from '../../test/sign-in';
import { openTestDatabase } from '../../test/test-database';
import type { TestApp } from '../../test/test-app';
import { storyboardClient } from './storyboard-test-client';

const plan = JSON.stringify({
  shots: [
    { description: 'Mara on the pier', dialogue: 'Hello', camera_angle: 'Wide shot', characters: ['Mara'] },
  ],
});

let chat: Awaited<ReturnType<typeof startFakeChatServer>>;
let t: TestApp;
let database: DatabaseHandle;

/** The real app configured with LLM_BASE_URL and LLM_MODEL pointing at a local chat server. */
beforeAll(async () => {
  chat = await startFakeChatServer([plan, 'nonsense', 'still nonsense']);
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cinegraph-llm-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    LLM_BASE_URL: `${chat.baseUrl}/`,
    LLM_MODEL: 'test-model',
  });
  database = await openTestDatabase();
  await seedTemplateMovies(database.db);
  const storage = createStorage({ dataDir, publicUrl: config.publicUrl, secret: 'x'.repeat(40) });
  const mailer = createMailer({ from: config.mailFrom, dataDir, logger: { info: () => {} } });
  const app = await buildApp({ config, db: database.db, storage, mailer, logger: false });
  t = {
    app,
    db: database.db,
    storage,
    config,
    dataDir,
    close: async () => {
      await app.close();
      await database.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
});
afterAll(async () => {
  await t.close();
  await chat.close();
});

describe('automatic shots with an OpenAI-compatible chat API configured', () => {
  it("returns the chat API's shots, then a 502 with a clear detail when its answers are unreadable", async () => {
    const api = storyboardClient(t);
    const ann = await signIn(t, 'ann@example.com');
    const movie = await api.starterMovie(ann);
    const body = { movie_id: movie._id, scene_description: 'Mara waits.', amount_of_shots: 1 };
    const { shots } = await api.ok<GenerateShotsResponse>(ann, 'POST', '/scenes/generate_shots', body);
    expect(shots).toEqual([
      { description: 'Mara on the pier', dialogue: 'Hello', camera_angle: 'Wide shot', characters: ['Mara'] },
    ]);
    expect(chat.requests[0]!.body.model).toBe('test-model');

    const failed = await api.call(ann, 'POST', '/scenes/generate_shots', body);
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toEqual({ detail: STORYBOARD_MESSAGES.plannerUnreadable });
  });
});
