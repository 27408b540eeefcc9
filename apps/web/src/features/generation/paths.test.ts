import { describe, expect, it } from 'vitest';
import { shotIdInPath, workflowPath } from './paths';

describe('shotIdInPath', () => {
  it('reads the shot back from the address of its generations', () => {
    expect(shotIdInPath(workflowPath('m1', 's1', 'shot 2/b', 'all_workflows'))).toBe('shot 2/b');
    expect(shotIdInPath(workflowPath('m1', 's1', 'sh3', 'w9'))).toBe('sh3');
  });

  it('finds no shot in the address of another screen', () => {
    expect(shotIdInPath('/scenes/m1/shots/s1')).toBeNull();
    expect(shotIdInPath('/movies/m1/editor')).toBeNull();
  });
});
