import { useNodeConnections, type NodeProps } from '@xyflow/react';
import { memo, useMemo } from 'react';
import { useOffline } from '../../../lib/offline';
import { WorkflowNodeActions } from '../../workflows/WorkflowNodeActions';
import type { CanvasNode } from '../logic/canvasNodes';
import { readyToGenerate } from '../logic/generation';
import { GenerationControls } from '../../generation/node/GenerationControls';
import { HandleRow } from './HandleRow';
import { NodeShell } from './NodeShell';

/**
 * A workflow node: its inputs and outputs come from the workflow; Generate once every input is wired.
 * Its name (the uploaded file's, unless renamed) titles the generations screen's sections. Memoised:
 * dragging another node leaves it as it is.
 */
export const WorkflowNode = memo(function WorkflowNode({ id, data, type, selected }: NodeProps<CanvasNode>) {
  const { node } = data;
  const incoming = useNodeConnections({ id, handleType: 'target' });
  const connected = useMemo(() => new Set(incoming.map((c) => c.targetHandle ?? '')), [incoming]);
  const ready = readyToGenerate(node.input_handles, connected);
  const offline = useOffline();
  const empty = node.input_handles.length === 0 && node.output_handles.length === 0;

  return (
    <NodeShell node={node} type={type} selected={selected} renameLabel="Workflow name">
      <div className="py-2">
        {empty && !offline && (
          <p className="px-3 py-2 text-xs text-neutral-500">
            No workflow yet. Upload a ComfyUI workflow (.json) or open the editor to build one.
          </p>
        )}
        {!offline && <WorkflowNodeActions node={node} />}
        {node.input_handles.map((handle) => (
          <HandleRow key={handle.id} handle={handle} side="input" />
        ))}
        {node.output_handles.map((handle) => (
          <HandleRow key={handle.id} handle={handle} side="output" />
        ))}
        {node.upload_error && <p className="px-3 py-1 text-xs text-red-400">{node.upload_error}</p>}
        {!node.upload_error && (node.waiting_for_classes?.length ?? 0) > 0 && (
          // The README's words, as the node's waiting jobs say them.
          <p role="status" className="px-3 py-1 text-xs text-amber-300">
            Waiting for a worker with {node.waiting_for_classes!.join(', ')}
          </p>
        )}
      </div>
      {ready && !offline && <GenerationControls nodeId={node._id} />}
    </NodeShell>
  );
});
