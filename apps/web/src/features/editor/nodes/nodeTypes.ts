import type { CanvasNodeType } from '@cinegraph/contracts';
import type { NodeTypes } from '@xyflow/react';
import { PrimitiveNode } from './PrimitiveNode';
import { UtilityNode } from './UtilityNode';
import { WorkflowNode } from './WorkflowNode';

/** The six canvas node types, registered once: React Flow remounts every node if this object changes. */
export const NODE_TYPES = {
  moviePrimitive: PrimitiveNode,
  scenePrimitive: PrimitiveNode,
  shotPrimitive: PrimitiveNode,
  characterPrimitive: PrimitiveNode,
  workflow: WorkflowNode,
  utility: UtilityNode,
} satisfies Record<CanvasNodeType, NodeTypes[string]> as NodeTypes;
