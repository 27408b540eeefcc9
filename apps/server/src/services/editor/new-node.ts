import {
  DEFAULT_NODE_WIDTHS,
  PRIMITIVE_LEVELS,
  PRIMITIVE_OUTPUT_HANDLE_ID,
  type CanvasNodeType,
  type CreateNodeBody,
  type NodeKind,
  type NodeLevel,
} from '@cinegraph/contracts';
import type { z } from 'zod';
import type { StoredHandle } from '../../db/schema';
import { badRequest } from '../../http/errors';
import type { NewNodeRow } from './node-rows';
import { utilityTemplate } from './utility-templates';

type CreateNode = z.output<typeof CreateNodeBody>;

export function isPrimitiveLevel(level: NodeLevel): boolean {
  return (PRIMITIVE_LEVELS as readonly string[]).includes(level);
}

/** The canvas type a node is drawn as, which decides its default width. */
export function canvasNodeType(type: NodeKind, level: NodeLevel): CanvasNodeType {
  return type === 'primitive' ? (`${level}Primitive` as CanvasNodeType) : type;
}

/** A primitive has exactly one output, typed by its value ('any' until a connection decides it). */
export function primitiveOutput(name: string, requested?: StoredHandle): StoredHandle {
  return {
    id: PRIMITIVE_OUTPUT_HANDLE_ID,
    name: requested?.name || name || 'Output',
    type: requested?.type ?? 'any',
  };
}

/** The row for a new node, after the level/type rules; a combination that cannot work is a 400. */
export function buildNewNode(movieId: string, body: CreateNode): NewNodeRow {
  if (body.type === 'primitive' && !isPrimitiveLevel(body.level)) {
    throw badRequest(`An input node needs the level movie, scene, shot or character, not "${body.level}".`);
  }
  if (body.utility_kind && body.type !== 'utility') {
    throw badRequest('Only a utility node can have a utility_kind.');
  }
  const base = {
    movieId,
    type: body.type,
    level: body.level,
    positionX: body.position.x,
    positionY: body.position.y,
    width: body.width ?? DEFAULT_NODE_WIDTHS[canvasNodeType(body.type, body.level)],
    value: body.value ?? null,
  };
  if (body.type === 'primitive') {
    return {
      ...base,
      name: body.name || 'Input',
      inputHandles: [],
      outputHandles: [primitiveOutput(body.name, body.output_handles?.[0])],
    };
  }
  if (body.type === 'utility' && body.utility_kind) {
    const template = utilityTemplate(body.utility_kind);
    return {
      ...base,
      name: body.name || template.name,
      utilityKind: body.utility_kind,
      inputHandles: template.input_handles,
      outputHandles: template.output_handles,
    };
  }
  assertDistinctHandleIds(body.input_handles ?? [], 'input');
  assertDistinctHandleIds(body.output_handles ?? [], 'output');
  return {
    ...base,
    name: body.name || (body.type === 'workflow' ? 'Workflow' : 'Utility'),
    inputHandles: body.input_handles ?? [],
    outputHandles: body.output_handles ?? [],
  };
}

/** Handle ids must be unique per side, or connections would be ambiguous. */
export function assertDistinctHandleIds(handles: readonly StoredHandle[], side: string): void {
  const ids = handles.map((h) => h.id);
  const repeated = ids.find((id, i) => ids.indexOf(id) !== i);
  if (repeated !== undefined) throw badRequest(`The ${side} handle id "${repeated}" is used twice.`);
}
