import { describe, expect, it } from 'vitest';
import type { ApiPrompt } from './api-format';
import { FillPromptError } from './errors';
import { fillPrompt } from './fill';
import { parseWorkflow } from './parse';
import { readWorkflowText } from './test-support/fixtures';

function img2img(): ApiPrompt {
  const parsed = parseWorkflow(readWorkflowText('comfyui-api__test__workflows__sd1.5-img2img.api.json'));
  if (parsed.format !== 'api') throw new Error('expected the API format');
  return parsed.prompt;
}

describe('fillPrompt', () => {
  it('sets literal values and media file names without changing the original', () => {
    const prompt = img2img();
    const before = structuredClone(prompt);
    const filled = fillPrompt(prompt, [
      { node_id: '6', input: 'text', value: 'a red fox in the snow' },
      { node_id: '3', input: 'seed', value: 42 },
      { node_id: '10', input: 'image', value: 'cinegraph/take-1.png' },
    ]);
    expect(filled['6']?.inputs.text).toBe('a red fox in the snow');
    expect(filled['3']?.inputs.seed).toBe(42);
    expect(filled['10']?.inputs.image).toBe('cinegraph/take-1.png');
    expect(prompt).toEqual(before);
    expect(filled['3']?.inputs.model).toEqual(prompt['3']?.inputs.model);
  });

  it('refuses a node id the prompt does not have', () => {
    expect(() => fillPrompt(img2img(), [{ node_id: '404', input: 'text', value: 'x' }])).toThrow(
      new FillPromptError('The workflow has no node 404'),
    );
  });

  it('refuses an input the node does not have, including prototype keys', () => {
    expect(() => fillPrompt(img2img(), [{ node_id: '6', input: 'txt', value: 'x' }])).toThrow(
      'Node 6 (CLIPTextEncode) has no input "txt"',
    );
    expect(() => fillPrompt(img2img(), [{ node_id: '6', input: '__proto__', value: {} }])).toThrow(
      FillPromptError,
    );
    expect(() => fillPrompt(img2img(), [{ node_id: 'constructor', input: 'x', value: 1 }])).toThrow(
      FillPromptError,
    );
  });
});
