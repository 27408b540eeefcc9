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
 * The cards' states as a key (`id:state` for each node with one), from the movie's counts (one read for
 * the whole canvas): a poll that changes no node's state gives the same key, and redraws no card.
 */
export function cardStatesKey(
  nodes: readonly Pick<EditorNode, '_id' | 'upload_error' | 'waiting_for_classes'>[],
  counts: Readonly<Record<string, GenerationStatusCounts>> | undefined,
): string {
  const parts: string[] = [];
  for (const node of nodes) {
    const state = cardState(node, counts?.[node._id]);
    if (state) parts.push(`${node._id}:${state}`);
  }
  return parts.join(' ');
}

/** The cards' states by node id, from their key (see cardStatesKey). */
export function cardStatesOf(key: string): ReadonlyMap<string, CardState> {
  return new Map(
    key
      .split(' ')
      .filter(Boolean)
      .map((part) => part.split(':') as [string, CardState]),
  );
}
