import { describe, expect, it } from 'vitest';
import { recorded } from '../test-support/recorded-exchanges';
import { PromptRefusalSchema } from './answers';
import { ComfyPromptError } from './errors';
import { capabilitiesOf, compareVersions } from './version';

const refusal = (version: '0.8.0' | '0.3.18', title: string) => {
  const exchange = recorded(version, title);
  expect(exchange.status).toBe(400);
  const parsed = PromptRefusalSchema.parse(JSON.parse(exchange.response!));
  return new ComfyPromptError(parsed.error, parsed.node_errors);
};

describe.each(['0.8.0', '0.3.18'] as const)('refused prompts recorded from ComfyUI %s', (version) => {
  it('names the missing input and its node', () => {
    const error = refusal(
      version,
      "prompt: validation error (missing required input 'image', missing 'color')",
    );
    expect(error.message).toBe('Required input is missing: image (node 2 ImageInvert)');
    expect(error.error.type).toBe('prompt_outputs_failed_validation');
    expect(Object.keys(error.nodeErrors)).toEqual(['2']);
  });

  it('reads prompt-level errors with node_errors as a map, whether sent as {} or []', () => {
    const error = refusal(version, 'prompt: unknown class_type');
    expect(error.nodeErrors).toEqual({});
    expect(error.message).toBe("Cannot execute because node NoSuchNode does not exist. (Node ID '#1')");
    expect(refusal(version, 'prompt: value out of range (width)').message).toBe(
      'Value 999999 bigger than max of 16384: width (node 1 EmptyImage)',
    );
  });

  it('reads a body without a prompt (a bare string error on 0.3.18)', () => {
    const error = refusal(version, "prompt: body without 'prompt' key");
    expect(error.message).toMatch(version === '0.8.0' ? /^No prompt provided/ : /^no prompt$/);
  });
});

describe('version capabilities', () => {
  it('compares versions numerically and treats unknown versions as old', () => {
    expect(compareVersions('0.3.18', '0.8.0')).toBeLessThan(0);
    expect(compareVersions('0.10.0', '0.8.0')).toBeGreaterThan(0);
    expect(capabilitiesOf('0.8.0')).toMatchObject({ targetedInterrupt: true, honoursPromptId: true });
    expect(capabilitiesOf('0.3.18')).toMatchObject({ targetedInterrupt: false, progressState: false });
    expect(capabilitiesOf(null).targetedInterrupt).toBe(false);
  });
});
