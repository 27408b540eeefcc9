import { STORYBOARD_EXTRA_FIELDS, type ItemInput, type StoryboardLevel } from '@cinegraph/contracts';
import { inputSourcesOfLevel, mergeItemInputs } from '../editor/inputs-sync';
import type { Db } from '../editor/node-rows';
import { listNodes } from '../editor/nodes';

/** The flags every update body may carry (snake_case, as the client sends the whole item). */
export interface FlagChanges {
  hidden?: boolean;
  new_output?: boolean;
  use_as_input?: boolean;
  downloaded?: boolean;
  display_image?: string | null;
}

/** The columns an update of the flags writes; absent flags are left as they are. */
export function flagColumns(body: FlagChanges) {
  return {
    ...(body.hidden !== undefined && { hidden: body.hidden }),
    ...(body.new_output !== undefined && { newOutput: body.new_output }),
    ...(body.use_as_input !== undefined && { useAsInput: body.use_as_input }),
    ...(body.downloaded !== undefined && { downloaded: body.downloaded }),
    ...(body.display_image !== undefined && { displayImage: body.display_image }),
  };
}

/** The level's extra text fields from the body laid over the stored ones; other keys are kept. */
export function mergeFields(
  level: StoryboardLevel,
  stored: Record<string, unknown>,
  body: Partial<Record<string, unknown>>,
): Record<string, unknown> {
  const changes = STORYBOARD_EXTRA_FIELDS[level].filter((key) => typeof body[key] === 'string');
  return { ...stored, ...Object.fromEntries(changes.map((key) => [key, body[key]])) };
}

/** A text field of `fields`, '' when it is missing or not text. */
export function textField(fields: Record<string, unknown>, key: string): string {
  const value = fields[key];
  return typeof value === 'string' ? value : '';
}

/** The inputs a new item of the level starts with: one per input node of the level, with its value. */
export async function levelInputs(tx: Db, movieId: string, level: StoryboardLevel): Promise<ItemInput[]> {
  return mergeItemInputs([], inputSourcesOfLevel(await listNodes(tx, movieId), level));
}

/**
 * An update's inputs laid over the stored ones (by node), then aligned with the level's input nodes, so
 * an item only ever holds inputs of nodes that exist, named and typed as the nodes are.
 */
export async function updatedInputs(
  tx: Db,
  movieId: string,
  level: StoryboardLevel,
  stored: readonly ItemInput[],
  incoming: readonly ItemInput[],
): Promise<ItemInput[]> {
  const sent = new Set(incoming.map((input) => input.node_id));
  const overlaid = [...stored.filter((input) => !sent.has(input.node_id)), ...incoming];
  return mergeItemInputs(overlaid, inputSourcesOfLevel(await listNodes(tx, movieId), level));
}
