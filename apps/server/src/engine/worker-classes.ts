import { createHash } from 'node:crypto';
import type { RunStatement } from '../db/raw-statements';

/** What the workers table keeps of a worker's `/object_info`: its class names and their digest. */
export function recordedClasses(classNames: readonly string[]) {
  const nodeClasses = [...new Set(classNames)].sort();
  const nodeClassesDigest = createHash('sha256').update(nodeClasses.join('\n')).digest('base64url');
  return { nodeClasses, nodeClassesDigest };
}

/** Class lists never change under one digest; a pool of identical workers shares a single entry. */
const MAX_REMEMBERED = 100;
const setsByDigest = new Map<string, ReadonlySet<string>>();

/**
 * The class sets of the given digests, read from the workers table only for digests not seen before
 * (the claim runs many times a second; the lists are hundreds of names each).
 */
export async function classSets(
  /**
   * The claim's transaction (PGlite's one connection is the transaction's meanwhile), or the database's
   * statementsOn.
   */
  run: RunStatement,
  digests: Iterable<string | null>,
): Promise<Map<string, ReadonlySet<string>>> {
  const sets = new Map<string, ReadonlySet<string>>();
  for (const digest of new Set(digests)) {
    if (digest === null) continue;
    let set = setsByDigest.get(digest);
    if (!set) {
      const [row] = await run<{ nodeClasses: string[] | null }>(
        'worker_classes',
        'select node_classes as "nodeClasses" from workers where node_classes_digest = $1 limit 1',
        [digest],
      );
      // Gone meanwhile (its worker changed): known as nothing until the next claim reads the new digest.
      set = new Set(row?.nodeClasses ?? []);
      if (row) remember(digest, set);
    }
    sets.set(digest, set);
  }
  return sets;
}

function remember(digest: string, set: ReadonlySet<string>): void {
  setsByDigest.set(digest, set);
  const oldest = setsByDigest.keys().next();
  if (setsByDigest.size > MAX_REMEMBERED && !oldest.done) setsByDigest.delete(oldest.value);
}

/** The classes of `required` a worker lacks; none when its classes are unknown (null: assumed to know all). */
export function missingClasses(
  known: ReadonlySet<string> | null | undefined,
  required: readonly string[],
): string[] {
  return known ? required.filter((name) => !known.has(name)) : [];
}
