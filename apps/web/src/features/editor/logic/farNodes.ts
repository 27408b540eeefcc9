import type { EditorNode, GenerationStatusCounts } from '@cinegraph/contracts';
import { CANVAS_SETTINGS } from './device';

/**
 * Whether nodes are drawn as cards (FarNode) at `zoom`: below CANVAS_SETTINGS.detailMinZoom on a
 * desktop. Never on touch screens: a phone's fitted view is that far out, and its nodes' fields are
 * still tapped there.
 */
export function drawnAsCards(zoom: number, touch: boolean): boolean {
  return !touch && zoom < CANVAS_SETTINGS.detailMinZoom;
}

/** What a card shows of a node's work, as the colour of its border (its fields and footer are not drawn). */
export type CardState = 'running' | 'waiting' | 'failed';

/**
 * A node's state as its card shows it: running while a generation runs (or is assigned to a worker),
 * waiting while one is queued or it waits for a worker with its node types, failed after a failed
 * generation or upload. Running and waiting come first: a node at work again is not shown as failed.
 */
export function cardState(
  node: Pick<EditorNode, 'upload_error' | 'waiting_for_classes'>,
  counts: GenerationStatusCounts | undefined,
): CardState | null {
  if (counts && counts.running + counts.assigned > 0) return 'running';
  if (counts && counts.pending + counts.queued > 0) return 'waiting';
  if ((node.waiting_for_classes?.length ?? 0) > 0 && !node.upload_error) return 'waiting';
  if (node.upload_error || (counts && counts.failed > 0)) return 'failed';
  return null;
}

/**
 * The cards' states by node id (the nodes with one), from the movie's counts (one read for the whole
 * canvas). Read again only when the counts or a node's own data change, never at a drag step (see
 * nodeDataOf): at 1,000 nodes it is a walk over all of them.
 */
export function cardStates(
  nodes: readonly Pick<EditorNode, '_id' | 'upload_error' | 'waiting_for_classes'>[],
  counts: Readonly<Record<string, GenerationStatusCounts>> | undefined,
): ReadonlyMap<string, CardState> {
  const states = new Map<string, CardState>();
  for (const node of nodes) {
    const state = cardState(node, counts?.[node._id]);
    if (state) states.set(node._id, state);
  }
  return states;
}
