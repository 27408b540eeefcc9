import { mentionsName, type GenerationInput, type WorkflowInputs } from '@cinegraph/contracts';
import { composeOfflinePrompt, type PromptParts } from '../llm/compose-prompt';
import { edgeInto, isFilled, type ResolveNode, type ShotContext } from './shot-graph';

/** A source's value for one shot: one input, a list (several characters or takes), or nothing. */
type Resolved = GenerationInput | GenerationInput[] | null;

/** How the prompt node turns its inputs into one prompt; synchronous, so resolution stays a pure walk. */
export type ComposePrompt = (parts: PromptParts) => string;

/**
 * Resolves every input handle of a workflow node for one shot, through its connection: primitives by
 * their level, utility nodes computed, upstream workflow nodes as this shot's use-as-input takes.
 * Unconnected or empty inputs are left out, so `workflow_inputs` shows only what was sent.
 */
export function resolveShotInputs(
  ctx: ShotContext,
  workflowNodeId: string,
  compose: ComposePrompt = composeOfflinePrompt,
): WorkflowInputs {
  const node = ctx.nodes.get(workflowNodeId);
  if (!node) return {};
  const inputs: WorkflowInputs = {};
  for (const handle of node.inputHandles) {
    const resolved = resolveHandle(ctx, compose, node, handle.id, new Set([node.id]));
    if (resolved === null) continue;
    const named = (one: GenerationInput) => ({
      ...one,
      type: handle.type === 'any' ? one.type : handle.type,
      name: handle.name,
    });
    inputs[handle.id] = Array.isArray(resolved) ? resolved.map(named) : named(resolved);
  }
  return inputs;
}

/** Valid when every non-lora input handle of the node resolves to a non-empty value for the shot. */
export function shotInputsValid(ctx: ShotContext, workflowNodeId: string): boolean {
  const node = ctx.nodes.get(workflowNodeId);
  return node?.type === 'workflow' && missingShotInputs(ctx, workflowNodeId).length === 0;
}

/**
 * The inputs that keep a shot from being generated, named as the user fills them: the input node and
 * where its value is missing ('Reference Image (character Mara)', 'Location (scene)'), or the workflow's
 * handle when nothing is connected to it. Lora handles may stay empty.
 */
export function missingShotInputs(ctx: ShotContext, workflowNodeId: string): string[] {
  const node = ctx.nodes.get(workflowNodeId);
  if (!node) return [];
  const missing = node.inputHandles
    .filter((h) => h.type !== 'lora')
    .flatMap((h) => missingBehind(ctx, node, h.id, h.name, new Set([node.id])));
  return [...new Set(missing)];
}

function missingBehind(
  ctx: ShotContext,
  node: ResolveNode,
  handleId: string,
  handleName: string,
  path: Set<string>,
): string[] {
  if (resolveHandle(ctx, composeOfflinePrompt, node, handleId, path) !== null) return [];
  const edge = edgeInto(ctx, node.id, handleId);
  const source = edge && ctx.nodes.get(edge.sourceNodeId);
  if (!source || path.has(source.id)) return [`${handleName} (not connected)`];
  if (source.type === 'workflow') return [`${handleName} (no take of ${source.name} used as input)`];
  if (source.type === 'utility') {
    const inner = new Set([...path, source.id]);
    const behind = source.inputHandles.flatMap((h) => missingBehind(ctx, source, h.id, h.name, inner));
    return behind.length > 0 ? behind : [`${handleName} (${source.name} gives no text)`];
  }
  if (source.level !== 'character') return [`${source.name} (${source.level})`];
  const named = ctx.characters.filter((c) => mentionsName(ctx.shot.description, c.name));
  if (named.length === 0) return [`${source.name} (no character named in the shot)`];
  return named.map((c) => `${source.name} (character ${c.name})`);
}

function resolveHandle(
  ctx: ShotContext,
  compose: ComposePrompt,
  node: ResolveNode,
  handleId: string,
  path: Set<string>,
): Resolved {
  const edge = edgeInto(ctx, node.id, handleId);
  const source = edge && ctx.nodes.get(edge.sourceNodeId);
  // A loop cannot be connected in the editor; the guard keeps a corrupted graph from recursing forever.
  if (!edge || !source || path.has(source.id)) return null;
  const type = source.outputHandles.find((h) => h.id === edge.sourceHandleId)?.type ?? 'any';
  const one = (value: unknown): Resolved => (isFilled(value) ? { type, value } : null);

  if (source.type === 'primitive') return resolvePrimitive(ctx, source, type);
  if (source.type === 'workflow') {
    const takes = (ctx.takes.get(source.id) ?? []).map((t) => ({ type: t.type, value: t.url }));
    return takes.length === 0 ? null : takes.length === 1 ? takes[0]! : takes;
  }
  const inner = new Set([...path, source.id]);
  const text = (id: string) => textOf(resolveHandle(ctx, compose, source, id, inner));
  if (source.utilityKind === 'add_text') {
    return one(
      source.inputHandles
        .map((h) => text(h.id))
        .filter((t) => t !== '')
        .join(' '),
    );
  }
  if (source.utilityKind === 'prompt') {
    const extras = source.inputHandles.filter((h) => h.id.startsWith('extra_instructions'));
    return one(
      compose({
        prompt: text('prompt'),
        cameraAngle: text('camera_angle'),
        extraInstructions: extras.map((h) => text(h.id)),
      }),
    );
  }
  return null;
}

function resolvePrimitive(ctx: ShotContext, source: ResolveNode, type: GenerationInput['type']): Resolved {
  const valueIn = (inputs: readonly { node_id: string; value?: unknown }[]) =>
    inputs.find((input) => input.node_id === source.id)?.value;
  const one = (value: unknown): Resolved => (isFilled(value) ? { type, value } : null);
  switch (source.level) {
    case 'movie':
      return one(valueIn(ctx.movieInputs) ?? source.value);
    case 'scene':
      return ctx.scene ? one(valueIn(ctx.scene.inputs)) : null;
    case 'shot':
      return one(valueIn(ctx.shot.inputs));
    case 'character': {
      const values = ctx.characters
        .filter((c) => mentionsName(ctx.shot.description, c.name))
        .map((c) => valueIn(c.inputs))
        .filter(isFilled)
        .map((value) => ({ type, value }));
      return values.length === 0 ? null : values.length === 1 ? values[0]! : values;
    }
    default:
      return null;
  }
}

/** The text a resolved value gives to a text-joining node (lists joined, non-text ignored). */
function textOf(resolved: Resolved): string {
  if (resolved === null) return '';
  const list = Array.isArray(resolved) ? resolved : [resolved];
  return list
    .map((r) => (typeof r.value === 'string' || typeof r.value === 'number' ? String(r.value).trim() : ''))
    .filter((t) => t !== '')
    .join(' ');
}
