import { describe, expect, it } from 'vitest';
import {
  asStudioGeneration,
  deleteGeneration,
  finishGeneration,
  SAMPLE_GENERATIONS,
  SIMULATED_RUN_MS,
  startGeneration,
  statusText,
  takesUsedAsInput,
  toggleHidden,
  toggleUseAsInput,
  visibleGenerations,
  type DemoGeneration,
} from './generationsDemo';

const take = (id: string, status: DemoGeneration['status'], extra: Partial<DemoGeneration> = {}) => ({
  id,
  status,
  useAsInput: false,
  text: '',
  hidden: false,
  ...extra,
});

describe('the generations demo', () => {
  it('says what each status shows on a tile', () => {
    expect(statusText(take('a', 'pending'))).toBe('Pending...');
    expect(statusText(take('a', 'running'))).toBe('Generating...');
    expect(statusText(take('a', 'failed'))).toBe('Generation failed');
    expect(statusText(take('a', 'success', { text: 'A door' }))).toBe('A door');
    expect(statusText(take('a', 'success'))).toBe('No generation');
  });

  it('generates: a running take that succeeds with its text after the simulated 2 s', () => {
    expect(SIMULATED_RUN_MS).toBe(2000);
    const running = startGeneration([], 'new');
    expect(running).toEqual([take('new', 'running')]);
    expect(finishGeneration(running, 'new', 'A door')).toEqual([take('new', 'success', { text: 'A door' })]);
  });

  it('does not turn a deleted or finished take back into a success', () => {
    expect(finishGeneration([take('x', 'failed')], 'x', 'late')).toEqual([take('x', 'failed')]);
    expect(finishGeneration([], 'gone', 'late')).toEqual([]);
  });

  it('toggles use as input only on a successful take', () => {
    const list = [take('ok', 'success'), take('bad', 'failed'), take('wait', 'pending')];
    const toggled = ['ok', 'bad', 'wait'].reduce(toggleUseAsInput, list);
    expect(toggled.map((g) => g.useAsInput)).toEqual([true, false, false]);
    expect(takesUsedAsInput(toggled).map((g) => g.id)).toEqual(['ok']);
    expect(toggleUseAsInput(toggled, 'ok')[0]!.useAsInput).toBe(false);
  });

  it('hides and shows takes; hidden ones are listed only when shown', () => {
    const list = toggleHidden([take('a', 'success'), take('b', 'success')], 'a');
    expect(visibleGenerations(list, false).map((g) => g.id)).toEqual(['b']);
    expect(visibleGenerations(list, true).map((g) => g.id)).toEqual(['a', 'b']);
    expect(visibleGenerations(toggleHidden(list, 'a'), false).map((g) => g.id)).toEqual(['a', 'b']);
  });

  it('selects the first remaining take after a delete, none when the list is empty', () => {
    const list = [take('a', 'success'), take('b', 'failed'), take('c', 'pending')];
    expect(deleteGeneration(list, 'b')).toEqual({ list: [list[0], list[2]], selected: 'a' });
    expect(deleteGeneration(list, 'a').selected).toBe('b');
    expect(deleteGeneration([take('a', 'success')], 'a')).toEqual({ list: [], selected: null });
  });

  it('draws a take with the studio’s generation shape', () => {
    const studio = asStudioGeneration(SAMPLE_GENERATIONS[0]!, 0);
    expect(studio).toMatchObject({ _id: 'take-1', status: 'success', use_as_input: true, hidden: false });
  });
});
