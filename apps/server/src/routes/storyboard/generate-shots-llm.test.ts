import { STORYBOARD_MESSAGES, type GenerateShotsResponse } from '@cinegraph/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeChatServer } from '../../llm/fake-chat-server';
import { signIn } from '../../test/sign-in';
import { createTestApp, type TestApp } from '../../test/test-app';
import { storyboardClient } from './storyboard-test-client';

const plan = JSON.stringify({
  shots: [
    { description: 'Mara on the pier', dialogue: 'Hello', camera_angle: 'Wide shot', characters: ['Mara'] },
  ],
});

let chat: Awaited<ReturnType<typeof startFakeChatServer>>;
let t: TestApp;

/** The real app configured with LLM_BASE_URL and LLM_MODEL pointing at a local chat server. */
beforeAll(async () => {
  chat = await startFakeChatServer([plan, 'nonsense', 'still nonsense']);
  t = await createTestApp({ env: { LLM_BASE_URL: `${chat.baseUrl}/`, LLM_MODEL: 'test-model' } });
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
