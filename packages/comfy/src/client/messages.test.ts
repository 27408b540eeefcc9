import { describe, expect, it } from 'vitest';
import { isWholeJson, recorded, recordedExchanges } from '../test-support/recorded-exchanges';
import { parseComfyMessage, promptIdOf } from './messages';

const KNOWN = new Set([
  'status',
  'execution_start',
  'execution_cached',
  'executing',
  'progress',
  'progress_state',
  'executed',
  'execution_success',
  'execution_error',
  'execution_interrupted',
]);

describe.each(['0.8.0', '0.3.18'] as const)(
  'parsing the WebSocket messages recorded from ComfyUI %s',
  (version) => {
    const lines = recordedExchanges(version).flatMap((exchange) => exchange.ws);

    it('types every whole recorded message of a known kind', () => {
      const whole = lines
        .filter(isWholeJson)
        .map((line) => [line, JSON.parse(line) as { type: string }] as const);
      const known = whole.filter(([, json]) => KNOWN.has(json.type));
      expect(known.length).toBeGreaterThan(40);
      for (const [line, json] of known) expect(parseComfyMessage(line)?.type, line).toBe(json.type);
    });

    it('ignores binary frames, unknown types and text that is not JSON', () => {
      const binary = lines.filter((line) => line.startsWith('{"type": "<binary>"'));
      expect(binary.length).toBeGreaterThan(0);
      for (const line of binary) expect(parseComfyMessage(line)).toBeNull();
      expect(parseComfyMessage(new Uint8Array([0, 0, 0, 1, 0x89, 0x50]))).toBeNull();
      expect(
        parseComfyMessage('{"type": "feature_flags", "data": {"supports_preview_metadata": true}}'),
      ).toBeNull();
      expect(parseComfyMessage('not json')).toBeNull();
      expect(parseComfyMessage('{"type": "progress", "data": {"value": "half"}}')).toBeNull();
    });
  },
);

describe('recorded message shapes', () => {
  it('reads the end of a prompt as executing with node null and its prompt id', () => {
    const ws = recorded('0.3.18', 'prompt: LoadImage->ImageScale->ImageInvert->SaveImage — WS messages').ws;
    const last = parseComfyMessage(ws.at(-1));
    expect(last).toEqual({
      type: 'executing',
      data: { node: null, prompt_id: '6adb0885-0f98-4512-90d2-31c5b9a27bc2' },
    });
    expect(promptIdOf(last!)).toBe('6adb0885-0f98-4512-90d2-31c5b9a27bc2');
    expect(promptIdOf(parseComfyMessage(ws[0])!)).toBeNull();
  });

  it("reads 0.8.0's progress_state and executed outputs", () => {
    const ws = recorded('0.8.0', 'prompt: LoadImage->ImageScale->ImageInvert->SaveImage — WS messages').ws;
    const state = ws.map(parseComfyMessage).find((event) => event?.type === 'progress_state');
    expect(state?.data).toMatchObject({
      nodes: { '1': { value: 0, max: 1, state: 'running', node_id: '1' } },
    });
    const executed = ws.map(parseComfyMessage).find((event) => event?.type === 'executed');
    expect(executed?.data).toMatchObject({
      node: '4',
      output: { images: [{ filename: 'inv_00001_.png', subfolder: 'probe', type: 'output' }] },
    });
  });

  it('reads an interruption with the node it stopped at', () => {
    const [line] = recorded('0.8.0', 'WS interrupted message').ws;
    expect(parseComfyMessage(line)).toMatchObject({
      type: 'execution_interrupted',
      data: { prompt_id: '011e1f93-8b7a-474a-8d2b-bc35430c17f6', node_id: '5', node_type: 'ImageBlur' },
    });
  });
});
