import type { EditorNode } from '@cinegraph/contracts';
import { describe, expect, it } from 'vitest';
import { toCanvasNode } from './canvasNodes';
import type { Handle, NodeChange } from '@xyflow/react';
import type { CanvasNode } from './canvasNodes';
import { settleMeasured, withoutEstimatedSizes, withSizeEstimate } from './unmeasuredNodes';

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

  describe('sizes React Flow measures', () => {
    const estimated = withSizeEstimate(toCanvasNode(workflow()));
    const asDrawn = (dx = 0): Handle[] =>
      estimated.handles!.map((h) => ({ ...h, x: h.x + dx, nodeId: 'w1' }) as Handle);
    const size = (width: number, height: number): NodeChange<CanvasNode> => ({
      id: 'w1',
      type: 'dimensions',
      dimensions: { width, height },
    });
    const exact = size(estimated.initialWidth!, estimated.initialHeight!);

    it('leaves out the size of a node drawn as estimated, its handles where they were placed', () => {
      const select: NodeChange<CanvasNode> = { id: 'w1', type: 'select', selected: true };
      expect(withoutEstimatedSizes([exact, select], [estimated], () => asDrawn(0.4))).toEqual([select]);
    });

    it('keeps the size of a node drawn otherwise: larger, its handles elsewhere, or measured before', () => {
      const taller = size(estimated.initialWidth!, estimated.initialHeight! + 12);
      expect(withoutEstimatedSizes([taller], [estimated], () => asDrawn())).toEqual([taller]);
      expect(withoutEstimatedSizes([exact], [estimated], () => asDrawn(6))).toEqual([exact]);
      expect(withoutEstimatedSizes([exact], [estimated], () => asDrawn().slice(1))).toEqual([exact]);
      const measured = { ...estimated, measured: { width: 240, height: 90 } };
      expect(withoutEstimatedSizes([exact], [measured], () => asDrawn())).toEqual([exact]);
    });
  });
});
