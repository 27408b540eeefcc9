import type { HistoryEntry } from '@cinegraph/comfy';
import { describe, expect, it } from 'vitest';
import { executionSecondsOf } from './gpu-time';

/** The status of a history entry as ComfyUI 0.8.0 answered it (fixtures/comfyui-protocol). */
const recorded = (end: string): HistoryEntry => ({
  outputs: {},
  status: {
    status_str: end === 'execution_success' ? 'success' : 'error',
    completed: end === 'execution_success',
    messages: [
      ['execution_start', { prompt_id: 'e2eadf07', timestamp: 1795300629723 }],
      ['execution_cached', { nodes: [], prompt_id: 'e2eadf07', timestamp: 1795300629724 }],
      [end, { prompt_id: 'e2eadf07', timestamp: 1795300631734 }],
    ],
  },
});

describe('executionSecondsOf', () => {
  it("times a run by the worker's own start and end messages", () => {
    expect(executionSecondsOf(recorded('execution_success'))).toBe(2.011);
    expect(executionSecondsOf(recorded('execution_error'))).toBe(2.011);
    expect(executionSecondsOf(recorded('execution_interrupted'))).toBe(2.011);
  });

  it('gives null when the entry cannot say', () => {
    expect(executionSecondsOf(null)).toBeNull();
    expect(executionSecondsOf({ outputs: {} })).toBeNull();
    const untimed: HistoryEntry = {
      outputs: {},
      status: { status_str: 'success', completed: true, messages: [['execution_start', { prompt_id: 'p' }]] },
    };
    expect(executionSecondsOf(untimed)).toBeNull();
  });
});
