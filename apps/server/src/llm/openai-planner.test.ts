import { STORYBOARD_MESSAGES } from '@cinegraph/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { createPlanner } from './create-planner';
import { startFakeChatServer } from './fake-chat-server';
import { OfflinePlanner } from './offline-planner';
import { OpenAIPlanner } from './openai-planner';
import type { ShotPlanRequest } from './planner';

const request: ShotPlanRequest = {
  sceneDescription: 'Mara waits on the pier. Tom arrives.',
  characters: ['Mara', 'Tom'],
  extraKeys: ['Mood'],
  amountOfShots: 2,
  fixedSceneFacts: 'Dawn',
};

const goodAnswer = JSON.stringify({
  shots: [
    {
      description: 'Mara on the pier at dawn',
      dialogue: '',
      camera_angle: 'Wide shot',
      characters: ['mara'],
      Mood: 'calm',
    },
    {
      description: 'Tom steps off the boat',
      dialogue: 'Morning.',
      camera_angle: 'Medium shot',
      characters: ['Tom', 'Zed'],
    },
    { description: 'One too many', dialogue: '', camera_angle: 'Close-up', characters: [] },
  ],
});

let stop: (() => Promise<void>) | undefined;
afterEach(async () => {
  await stop?.();
  stop = undefined;
});

async function plannerAnswering(answers: (string | number)[]) {
  const server = await startFakeChatServer(answers);
  stop = server.close;
  return {
    server,
    planner: new OpenAIPlanner({ baseUrl: server.baseUrl, model: 'test-model', apiKey: 'sk-test' }),
  };
}

describe('OpenAIPlanner', () => {
  it('asks the chat API for JSON and returns the validated shots, trimmed to the amount', async () => {
    const { server, planner } = await plannerAnswering([goodAnswer]);
    const shots = await planner.planShots(request);
    expect(shots).toEqual([
      {
        description: 'Mara on the pier at dawn',
        dialogue: '',
        camera_angle: 'Wide shot',
        characters: ['Mara'],
        Mood: 'calm',
      },
      {
        description: 'Tom steps off the boat',
        dialogue: 'Morning.',
        camera_angle: 'Medium shot',
        characters: ['Tom'],
        Mood: '',
      },
    ]);
    const [sent] = server.requests;
    expect(sent).toMatchObject({
      path: '/v1/chat/completions',
      authorization: 'Bearer sk-test',
      body: { model: 'test-model', response_format: { type: 'json_object' } },
    });
    expect(sent!.body.messages[0]!.content).toMatch(/strict JSON/);
    expect(sent!.body.messages[1]!.content).toMatch(/exactly 2[\s\S]*Dawn|Dawn[\s\S]*exactly 2/);
    expect(sent!.body.messages[1]!.content).toContain('"Mood"');
  });

  it('asks once more after an unreadable answer and uses the second one', async () => {
    const { server, planner } = await plannerAnswering(['Sure! Here are your shots: ...', goodAnswer]);
    expect(await planner.planShots(request)).toHaveLength(2);
    expect(server.requests).toHaveLength(2);
    expect(server.requests[1]!.body.messages.at(-1)!.content).toMatch(/not valid JSON/);
  });

  it('fails with a clear 502 when both answers are unreadable or of the wrong shape', async () => {
    const { server, planner } = await plannerAnswering(['{"shots": "none"}', 'not json']);
    await expect(planner.planShots(request)).rejects.toMatchObject({
      statusCode: 502,
      message: STORYBOARD_MESSAGES.plannerUnreadable,
    });
    expect(server.requests).toHaveLength(2);
  });

  it('reports an error status of the chat API without retrying', async () => {
    const { server, planner } = await plannerAnswering([500]);
    await expect(planner.planShots(request)).rejects.toMatchObject({
      statusCode: 502,
      message: /status 500/,
    });
    expect(server.requests).toHaveLength(1);
  });

  it('reports a chat API that cannot be reached', async () => {
    const { server, planner } = await plannerAnswering([goodAnswer]);
    await server.close();
    stop = undefined;
    await expect(planner.planShots(request)).rejects.toMatchObject({
      statusCode: 502,
      message: STORYBOARD_MESSAGES.plannerUnreachable,
    });
  });
});

describe('createPlanner', () => {
  it('picks the chat API when LLM_BASE_URL and LLM_MODEL are set, and the offline planner otherwise', () => {
    const llm = (baseUrl?: string, model?: string) => ({ llm: { baseUrl, model, apiKey: undefined } });
    expect(createPlanner(llm('http://localhost:11434/v1', 'llama3'))).toBeInstanceOf(OpenAIPlanner);
    expect(createPlanner(llm('http://localhost:11434/v1'))).toBeInstanceOf(OfflinePlanner);
    expect(createPlanner(llm(undefined, 'llama3'))).toBeInstanceOf(OfflinePlanner);
  });
});
