import { describe, expect, it } from 'vitest';
import { isWholeJson, recordedExchanges } from '../test-support/recorded-exchanges';
import { ComfyEventSchema, parseComfyMessage } from './messages';
import { readComfyEvent } from './read-event';

const PROMPT = '0d5c6a44-1f6f-4a55-9f5e-2f1a1c1d9e01';

/** Messages beyond the recordings: numeric ids, extra and odd fields, what custom nodes send. */
const SYNTHETIC: unknown[] = [
  { type: 'executing', data: { node: 12, display_node: 12, prompt_id: PROMPT, extra: 1 } },
  { type: 'progress', data: { value: 3, max: 20, prompt_id: PROMPT, node: null } },
  { type: 'progress', data: { value: 3, max: 20 } },
  {
    type: 'progress_state',
    data: {
      prompt_id: PROMPT,
      nodes: {
        '4': { value: 1, max: 4, state: 'running', node_id: 4, display_node_id: null, real_node_id: '4' },
        '5': { value: 0, max: 1, state: 'pending', node_id: '5', parent_node_id: null },
      },
    },
  },
  { type: 'executed', data: { node: '9', output: null, prompt_id: PROMPT } },
  {
    type: 'execution_error',
    data: { prompt_id: PROMPT, node_id: 3, node_type: 'KSampler', exception_message: 'boom' },
  },
  {
    type: 'execution_interrupted',
    data: { prompt_id: PROMPT, node_id: '5', node_type: 'ImageBlur', executed: ['1', 2], timestamp: 1 },
  },
  { type: 'status', data: { status: { exec_info: { queue_remaining: 2 } }, sid: 'abc' } },
  { type: 'execution_cached', data: { nodes: [1, '2'], prompt_id: PROMPT } },
];

/** As JSON.parse gives it: an own key "__proto__" (zod turns it into the prototype; the reader does not). */
const PROTO_NODE: unknown = JSON.parse(
  `{"type":"progress_state","data":{"prompt_id":"${PROMPT}","nodes":{"__proto__":{"value":0,"max":1,"state":"running","node_id":"1","polluted":true}}}}`,
);

const recordedMessages = (['0.8.0', '0.3.18'] as const).flatMap((version) =>
  recordedExchanges(version)
    .flatMap((exchange) => exchange.ws)
    .filter(isWholeJson)
    .map((line) => JSON.parse(line) as unknown),
);

const BAD_VALUES: unknown[] = [null, 'x', 7, -1.5, true, [], ['1'], {}, { a: 1 }];

/** Every message with one value replaced (or removed, or a key added) somewhere in it. */
function variants(message: unknown, depth = 4): unknown[] {
  if (depth === 0 || typeof message !== 'object' || message === null) return [];
  const copy = () => (Array.isArray(message) ? [...message] : { ...message }) as Record<string, unknown>;
  const withValue = (key: string, value: unknown) => Object.assign(copy(), { [key]: value });
  const out: unknown[] = [];
  for (const [key, value] of Object.entries(message)) {
    for (const bad of BAD_VALUES) out.push(withValue(key, bad));
    const without = copy();
    if (Array.isArray(without)) without.splice(Number(key), 1);
    else delete without[key];
    out.push(without);
    for (const inner of variants(value, depth - 1)) out.push(withValue(key, inner));
  }
  if (!Array.isArray(message)) out.push({ ...message, added: 'field' });
  return out;
}

const byZod = (json: unknown) => {
  const parsed = ComfyEventSchema.safeParse(json);
  return parsed.success ? parsed.data : null;
};

describe('reading WebSocket messages without zod', () => {
  const messages = [...recordedMessages, ...SYNTHETIC];

  it('gives what ComfyEventSchema gives for every recorded and synthetic message', () => {
    expect(messages.length).toBeGreaterThan(100);
    for (const json of messages) expect(readComfyEvent(json), JSON.stringify(json)).toEqual(byZod(json));
  });

  it('refuses, accepts and normalises every malformed variant exactly as ComfyEventSchema does', () => {
    let refused = 0;
    let checked = 0;
    for (const json of messages.flatMap((message) => variants(message))) {
      const expected = byZod(json);
      expect(readComfyEvent(json), JSON.stringify(json)).toEqual(expected);
      if (expected === null) refused += 1;
      checked += 1;
    }
    // The variants must really exercise refusals, not only harmless changes.
    expect(refused).toBeGreaterThan(checked / 4);
  });

  it('keeps a node named __proto__ as a plain entry, never as the prototype', () => {
    const event = readComfyEvent(PROTO_NODE);
    expect(event?.type).toBe('progress_state');
    const nodes = event?.type === 'progress_state' ? event.data.nodes : {};
    expect(Object.getPrototypeOf(nodes)).toBe(Object.prototype);
    expect(Object.keys(nodes)).toEqual(['__proto__']);
    expect(({} as { polluted?: boolean }).polluted).toBeUndefined();
  });

  it('turns numeric node ids into strings and drops unknown fields', () => {
    expect(parseComfyMessage(JSON.stringify(SYNTHETIC[0]))).toEqual({
      type: 'executing',
      data: { node: '12', display_node: '12', prompt_id: PROMPT },
    });
  });
});
