import type { NodeProps } from '@xyflow/react';
import type { CanvasNode } from '../logic/canvasNodes';
import { HandleRow } from './HandleRow';
import { NodeShell } from './NodeShell';

/** A utility node (and any node kind the canvas does not know): drawn from the handles it carries. */
export function UtilityNode({ data, type, selected }: NodeProps<CanvasNode>) {
  const { node } = data;
  return (
    <NodeShell node={node} type={type} selected={selected}>
      <div className="py-2">
        {node.input_handles.map((handle) => (
          <HandleRow key={handle.id} handle={handle} side="input" />
        ))}
        {node.output_handles.map((handle) => (
          <HandleRow key={handle.id} handle={handle} side="output" />
        ))}
      </div>
    </NodeShell>
  );
}
