import { afterEach, describe, expect, it } from 'vitest';
import { startFakeChatServer } from '../llm/fake-chat-server';
import { OfflinePlanner } from '../llm/offline-planner';
import { OpenAIPlanner } from '../llm/openai-planner';
import { resolveWithPlanner } from './resolve-with-planner';
import { context, edge, primitive, promptNode, value, workflow } from './resolve-test-graph';

// A prompt node fed by a shot-level action and camera angle, feeding the workflow's prompt input.
const graph = [
  primitive('action', 'shot', 'text'),
  primitive('camera', 'shot', 'text'),
  promptNode,
  workflow('wf', [['prompt', 'text']]),
];
const edges = [
  edge('action', 'output', 'prompt', 'prompt'),
  edge('camera', 'output', 'prompt', 'camera_angle'),
  edge('prompt', 'enhanced_prompt', 'wf', 'prompt'),
];
const shot = (action: string, camera = 'Close-up') =>
  context(graph, edges, {
    shot: { description: '', inputs: [value('action', action), value('camera', camera)] },
  });

let stop: (() => Promise<void>) | undefined;
afterEach(async () => {
  await stop?.();
  stop = undefined;
});

async function modelAnswering(answers: (string | number)[]) {
  const server = await startFakeChatServer(answers);
  stop = server.close;
  return { server, planner: new OpenAIPlanner({ baseUrl: server.baseUrl, model: 'test-model' }) };
}

describe('resolveWithPlanner', () => {
  it('sends the prompt the model wrote, asking once for shots with equal inputs', async () => {
    const { server, planner } = await modelAnswering([
      '"A tight close-up of Mara walking along the pier, wind in her hair."',
      'Prompt: Tom waves from the boat, seen from below.',
    ]);
    const inputs = await resolveWithPlanner(
      [shot('Mara walks'), shot('Tom waves', 'Low angle'), shot('Mara walks')],
      'wf',
      planner,
    );
    expect(inputs.map((i) => i.prompt)).toEqual([
      {
        type: 'text',
        name: 'prompt name',
        value: 'A tight close-up of Mara walking along the pier, wind in her hair.',
      },
      { type: 'text', name: 'prompt name', value: 'Tom waves from the boat, seen from below.' },
      {
        type: 'text',
        name: 'prompt name',
        value: 'A tight close-up of Mara walking along the pier, wind in her hair.',
      },
    ]);
    expect(server.requests).toHaveLength(2);
    const asked = server.requests[0]!.body;
    expect(asked.response_format).toBeUndefined();
    expect(asked.messages.at(-1)!.content).toBe('Camera angle: Close-up\nShot prompt: Mara walks');
  });

  it('falls back to the offline composition when the model fails, and says so', async () => {
    const { planner } = await modelAnswering([500]);
    const warnings: string[] = [];
    const [inputs] = await resolveWithPlanner([shot('Mara walks')], 'wf', planner, (m) => warnings.push(m));
    expect(inputs!.prompt).toMatchObject({ value: 'Close-up. Mara walks.' });
    expect(warnings).toEqual([expect.stringContaining('offline composition')]);
  });

  it('does not ask the model when the prompt node has nothing to write from', async () => {
    const { server, planner } = await modelAnswering(['An invented prompt.']);
    const [inputs] = await resolveWithPlanner([shot('', '')], 'wf', planner);
    expect(inputs!.prompt).toBeUndefined();
    expect(server.requests).toHaveLength(0);
  });

  it('composes offline with the offline planner, as validation does', async () => {
    const [inputs] = await resolveWithPlanner([shot('Mara walks')], 'wf', new OfflinePlanner());
    expect(inputs!.prompt).toMatchObject({ value: 'Close-up. Mara walks.' });
  });
});
