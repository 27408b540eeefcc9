import type { Generation } from '@cinegraph/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { generate, generationMovie, type GenerationMovie } from '../../engine/engine-test-support';
import { startFakeChatServer } from '../../llm/fake-chat-server';
import { createTestApp, type TestApp } from '../../test/test-app';

const WRITTEN = 'A slow dolly along the pier as Mara watches the fishing boats at dawn.';

let chat: Awaited<ReturnType<typeof startFakeChatServer>>;
let t: TestApp;
let m: GenerationMovie;

beforeAll(async () => {
  chat = await startFakeChatServer([WRITTEN]);
  t = await createTestApp({ env: { LLM_BASE_URL: chat.baseUrl, LLM_MODEL: 'test-model' } });
  m = await generationMovie(t);
});
afterAll(async () => {
  await t.close();
  await chat.close();
});

it("sends the configured model's prompt and keeps it on the take", async () => {
  await generate(t, m, [m.shotIds[0]!], 2);
  const list = await t.app.inject({
    method: 'GET',
    url: `/api/v1/generations/shot/${m.shotIds[0]}?workflow_node_id=${m.nodeId}`,
    headers: { cookie: m.user.cookie },
  });
  const takes = list.json<Generation[]>();
  expect(takes.map((g) => g.workflow_inputs['input-1'])).toEqual([
    expect.objectContaining({ type: 'text', value: WRITTEN }),
    expect.objectContaining({ type: 'text', value: WRITTEN }),
  ]);
  // Both jobs of the shot share one answer: the model was asked once, with the shot's own inputs.
  expect(chat.requests).toHaveLength(1);
  expect(chat.requests[0]!.body.messages.at(-1)!.content).toContain('Mara walks along the pier');
});
