import { describe, expect, it } from 'vitest';
import { clearsNewOutput, statusRows } from './newOutput';

const shotStats = (left: number) => ({
  pending: 1,
  running: 2,
  success: 3,
  failed: 4,
  shot_has_new_output: left > 0,
  generations_with_new_output: left,
});
const sceneStats = (shots: number) => ({
  total: { pending: 0, running: 0, success: 1, failed: 0 },
  shots_with_new_output: shots,
  generations_with_new_output: shots,
});

describe('new-output marker', () => {
  it("clears a character's marker on selection", () => {
    expect(clearsNewOutput('character', true)).toBe(true);
  });

  it('clears a shot or scene marker only when no new output remains', () => {
    expect(clearsNewOutput('shot', true, shotStats(2))).toBe(false);
    expect(clearsNewOutput('shot', true, shotStats(0))).toBe(true);
    expect(clearsNewOutput('scene', true, sceneStats(1))).toBe(false);
    expect(clearsNewOutput('scene', true, sceneStats(0))).toBe(true);
    expect(clearsNewOutput('scene', true)).toBe(false);
  });

  it('has nothing to clear on an item without the marker', () => {
    expect(clearsNewOutput('character', false)).toBe(false);
  });
});

describe('generation status rows', () => {
  it('lists pending, running, success and failed with their total', () => {
    expect(statusRows(shotStats(0)).map((row) => row.count)).toEqual([1, 2, 3, 4, 10]);
    expect(statusRows(sceneStats(0)).at(-1)).toEqual({ label: 'Total', count: 1 });
  });
});
