import { describe, expect, it } from 'vitest';
import { HeardPrompts } from './heard-prompts';
import type { ComfyEvent } from './messages';

const image = (filename: string) => ({ images: [{ filename, subfolder: '', type: 'output' }] });

/** The events of one prompt as ComfyUI sends them, with its outputs per node. */
function run(promptId: string, outputs: Record<string, Record<string, unknown>>): ComfyEvent[] {
  return [
    { type: 'execution_start', data: { prompt_id: promptId, timestamp: 1000 } },
    { type: 'execution_cached', data: { nodes: [], prompt_id: promptId } },
    ...Object.entries(outputs).map(([node, output]): ComfyEvent => ({
      type: 'executed',
      data: { node, output, prompt_id: promptId },
    })),
    { type: 'execution_success', data: { prompt_id: promptId, timestamp: 3500 } },
  ];
}

describe('prompts heard whole on a WebSocket', () => {
  it('gives the outputs and timing of a prompt heard from start to success, once', () => {
    const heard = new HeardPrompts();
    const a = run('a', { '9': image('a.png') });
    const b = run('b', { '4': image('b.png'), '7': image('b2.png') });
    // Two prompts' messages interleaved, as two clients' would never be but one worker's may be.
    for (const event of [a[0]!, b[0]!, a[1]!, b[1]!, a[2]!, b[2]!, b[3]!, a[3]!, b[4]!]) heard.hear(event);
    expect(heard.take('a')).toEqual({
      status: 'success',
      outputs: { '9': image('a.png') },
      history: {
        outputs: { '9': image('a.png') },
        status: {
          status_str: 'success',
          completed: true,
          messages: [
            ['execution_start', { prompt_id: 'a', timestamp: 1000 }],
            ['execution_success', { prompt_id: 'a', timestamp: 3500 }],
          ],
        },
      },
    });
    expect(heard.take('a')).toBeNull();
    expect(heard.take('b')?.outputs).toEqual({ '4': image('b.png'), '7': image('b2.png') });
  });

  it('knows nothing of a prompt heard in part, failed, without outputs or before a reconnection', () => {
    const heard = new HeardPrompts();
    const [start, , executed, success] = run('mid', { '9': image('x.png') });
    for (const event of [executed!, success!]) heard.hear(event); // the socket opened mid-run
    expect(heard.take('mid')).toBeNull();

    for (const event of run('quiet', {})) heard.hear(event);
    expect(heard.take('quiet')).toBeNull();

    heard.hear(start!);
    heard.hear(executed!);
    heard.clear(); // reconnected: messages may have been missed
    heard.hear(success!);
    expect(heard.take('mid')).toBeNull();

    const failed = run('failed', { '9': image('f.png') }).slice(0, 3);
    for (const event of failed) heard.hear(event);
    heard.hear({
      type: 'execution_error',
      data: {
        prompt_id: 'failed',
        node_id: '9',
        node_type: 'SaveImage',
        executed: [],
        exception_message: 'x',
        exception_type: '',
      },
    });
    heard.hear({ type: 'execution_success', data: { prompt_id: 'failed' } });
    expect(heard.take('failed')).toBeNull();
  });

  it('keeps a node id "__proto__" as a plain output key', () => {
    const heard = new HeardPrompts();
    // As JSON.parse gives it: an own key, which an assignment would turn into the prototype.
    const outputs = JSON.parse('{"__proto__": {"images": [{"filename": "p.png"}]}}') as Record<
      string,
      Record<string, unknown>
    >;
    for (const event of run('p', outputs)) heard.hear(event);
    const outcome = heard.take('p');
    expect(Object.keys(outcome?.outputs ?? {})).toEqual(['__proto__']);
    expect(Object.getPrototypeOf(outcome?.outputs)).toBe(Object.prototype);
  });
});
