import type { CanvasNodeType } from '@cinegraph/contracts';
import { useUpdateNodeInternals, type NodeProps, type NodeTypes } from '@xyflow/react';
import { createElement, memo, useContext, useEffect, useRef, type ComponentType } from 'react';
import type { CanvasNode } from '../logic/canvasNodes';
import { FarNode } from './FarNode';
import { FarZoomContext } from './farZoom';
import { PrimitiveNode } from './PrimitiveNode';
import { UtilityNode } from './UtilityNode';
import { WorkflowNode } from './WorkflowNode';

/**
 * A node type drawn in full, or as FarNode while the canvas is zoomed out past reading. When it turns
 * from one to the other its handles move (a field appears above them or goes): React Flow is asked to
 * measure it again, so its edges end where its handles are.
 */
function withFarForm(Full: ComponentType<NodeProps<CanvasNode>>) {
  return memo(function CanvasNodeView(props: NodeProps<CanvasNode>) {
    const far = useContext(FarZoomContext);
    const remeasure = useUpdateNodeInternals();
    const drawnFar = useRef(far);
    useEffect(() => {
      if (drawnFar.current === far) return;
      drawnFar.current = far;
      remeasure(props.id);
    }, [far, props.id, remeasure]);
    return createElement(far ? FarNode : Full, props);
  });
}

const Primitive = withFarForm(PrimitiveNode);

/** The six canvas node types, registered once: React Flow remounts every node if this object changes. */
export const NODE_TYPES = {
  moviePrimitive: Primitive,
  scenePrimitive: Primitive,
  shotPrimitive: Primitive,
  characterPrimitive: Primitive,
  workflow: withFarForm(WorkflowNode),
  utility: withFarForm(UtilityNode),
} satisfies Record<CanvasNodeType, NodeTypes[string]> as NodeTypes;
