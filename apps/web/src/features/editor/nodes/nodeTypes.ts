import type { CanvasNodeType } from '@cinegraph/contracts';
import { useUpdateNodeInternals, type NodeProps, type NodeTypes } from '@xyflow/react';
import {
  createElement,
  memo,
  useContext,
  useEffect,
  useRef,
  useState,
  type ComponentType,
  type FocusEvent,
} from 'react';
import type { CanvasNode } from '../logic/canvasNodes';
import { FarNode } from './FarNode';
import { FarZoomContext } from './farZoom';
import { PrimitiveNode } from './PrimitiveNode';
import { UtilityNode } from './UtilityNode';
import { WorkflowNode } from './WorkflowNode';

/**
 * A node type drawn in full, or as a card (FarNode) while the canvas is zoomed out past reading. A node
 * with the focus in it (a field being typed in, its title being renamed) stays drawn in full until the
 * focus leaves it: a zoom never takes a field from under the keyboard. A card puts its handles where
 * they were last measured, so its edges stay as they were; drawn in full again, its handles may move
 * (from their estimated places, for a node first drawn as a card): React Flow measures it again then,
 * so its edges end where its handles are.
 */
function withFarForm(Full: ComponentType<NodeProps<CanvasNode>>) {
  return memo(function CanvasNodeView(props: NodeProps<CanvasNode>) {
    const [inUse, setInUse] = useState(false);
    const far = useContext(FarZoomContext) && !inUse;
    const remeasure = useUpdateNodeInternals();
    const drawnFar = useRef(far);
    useEffect(() => {
      if (drawnFar.current === far) return;
      drawnFar.current = far;
      if (!far) remeasure(props.id);
    }, [far, props.id, remeasure]);
    if (far) return createElement(FarNode, props);
    return createElement(
      'div',
      {
        className: 'contents',
        onFocus: () => setInUse(true),
        onBlur: (event: FocusEvent) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setInUse(false);
        },
      },
      createElement(Full, props),
    );
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
