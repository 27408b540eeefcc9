import type { NodeProps, NodeTypes } from '@xyflow/react';
import type { EditorNodeData } from '../../editor/logic/canvasNodes';
import { NODE_TYPES } from '../../editor/nodes/nodeTypes';

/** A demo node's data: the studio's, plus whether the lesson locks the node's connection. */
export type DemoNodeData = EditorNodeData & { locked?: boolean };

/** The studio's node component of a type, with a lock badge when the lesson locks the node. */
function lockable(StudioNode: NodeTypes[string]): NodeTypes[string] {
  return function LockableNode(props: NodeProps) {
    const { locked } = props.data as DemoNodeData;
    return (
      <div className="relative" data-locked={locked || undefined}>
        {locked && (
          <span className="absolute -top-2.5 right-3 z-10 rounded-full bg-neutral-700 px-2 py-0.5 text-[10px] font-semibold tracking-wide text-neutral-100 uppercase ring-1 ring-white/20">
            Locked
          </span>
        )}
        <StudioNode {...props} />
      </div>
    );
  };
}

/** The editor's six node types, each drawn by the studio's own component (registered once). */
export const DEMO_NODE_TYPES: NodeTypes = Object.fromEntries(
  Object.entries(NODE_TYPES).map(([type, component]) => [type, lockable(component)]),
);
