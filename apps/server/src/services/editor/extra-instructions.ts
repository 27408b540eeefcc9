import { eq } from 'drizzle-orm';
import { connections, nodes, type StoredHandle } from '../../db/schema';
import type { Db } from './node-rows';

const EXTRA = /^extra_instructions_(\d+)$/;

const numberOf = (handle: StoredHandle) => Number(EXTRA.exec(handle.id)?.[1] ?? 0);

/**
 * The prompt node's Extra Instructions as the spec and the tutorial have them (multiple allowed): one
 * free handle after the last connected one, so #2 appears once #1 is connected, #3 once #2 is, and a
 * free one beyond that goes again when the last is disconnected. Other handles stay as they are.
 */
export function withExtraInstructions(
  handles: readonly StoredHandle[],
  connected: ReadonlySet<string>,
): StoredHandle[] {
  const extras = handles.filter((handle) => EXTRA.test(handle.id));
  const first = extras.find((handle) => numberOf(handle) === 1);
  if (!first) return [...handles];
  const lastConnected = Math.max(0, ...extras.filter((h) => connected.has(h.id)).map(numberOf));
  const wanted = Array.from({ length: lastConnected + 1 }, (_, i) => {
    const id = `extra_instructions_${i + 1}`;
    return (
      extras.find((handle) => handle.id === id) ?? { ...first, id, name: `Extra Instructions #${i + 1}` }
    );
  });
  const at = handles.indexOf(extras[0]!);
  const others = handles.filter((handle) => !EXTRA.test(handle.id));
  return [...others.slice(0, at), ...wanted, ...others.slice(at)];
}

/** Applies withExtraInstructions to a prompt node after its connections changed. */
export async function settleExtraInstructions(tx: Db, nodeId: string): Promise<void> {
  const [node] = await tx.select().from(nodes).where(eq(nodes.id, nodeId));
  if (node?.utilityKind !== 'prompt') return;
  const into = await tx
    .select({ handle: connections.targetHandleId })
    .from(connections)
    .where(eq(connections.targetNodeId, nodeId));
  const inputHandles = withExtraInstructions(node.inputHandles, new Set(into.map((row) => row.handle)));
  const ids = (list: readonly StoredHandle[]) => list.map((handle) => handle.id).join(' ');
  if (ids(inputHandles) !== ids(node.inputHandles)) {
    await tx.update(nodes).set({ inputHandles }).where(eq(nodes.id, nodeId));
  }
}
