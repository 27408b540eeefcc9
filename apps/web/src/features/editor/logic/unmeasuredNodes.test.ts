import type { EditorNode } from '@cinegraph/contracts';
import { describe, expect, it } from 'vitest';
import { toCanvasNode } from './canvasNodes';
import { settleMeasured, withSizeEstimate } from './unmeasuredNodes';

function workflow(): EditorNode {
  return {
    _id: 'w1',
    movie_id: 'm1',
    name: 'Text to video',
    type: 'workflow',
    level: 'editor',
    position: { x: 0, y: 0 },
    width: 240,
    hidden: false,
    value: null,
    input_handles: [
      { id: 'prompt', name: 'prompt', type: 'text' },
      { id: 'seed', name: 'seed', type: 'number' },
    ],
    output_handles: [{ id: 'video', name: 'video', type: 'video' }],
    workflow: null,
    utility_kind: null,
    upload_error: null,
  };
}

describe('unmeasured nodes', () => {
  it('gives a node never drawn a size and its handles, inputs left and outputs right, one row each', () => {
    const node = withSizeEstimate(toCanvasNode(workflow()));
    expect(node.initialWidth).toBe(240);
    expect(node.handles?.map((h) => [h.id, h.type, h.position])).toEqual([
      ['prompt', 'target', 'left'],
      ['seed', 'target', 'left'],
      ['video', 'source', 'right'],
    ]);
    const [first, second, output] = node.handles!;
    expect(second!.y - first!.y).toBe(output!.y - second!.y);
    expect(output!.x).toBeGreaterThan(200);
    expect(node.initialHeight).toBeGreaterThan(output!.y);
  });

  it('leaves a measured node as it is and drops the estimates once the canvas has measured one', () => {
    const measured = { ...toCanvasNode(workflow()), measured: { width: 240, height: 200 } };
    expect(withSizeEstimate(measured)).toBe(measured);
    const estimated = withSizeEstimate(toCanvasNode(workflow()));
    const nodes = [estimated];
    expect(settleMeasured(nodes)).toBe(nodes);
    const [settled] = settleMeasured([{ ...estimated, measured: { width: 240, height: 210 } }]);
    expect(settled!.handles).toBeUndefined();
    expect(settled!.initialHeight).toBeUndefined();
    expect(settled!.measured).toEqual({ width: 240, height: 210 });
  });
});
