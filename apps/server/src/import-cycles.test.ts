import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = path.dirname(new URL(import.meta.url).pathname);

/** Every module of the server (tests aside) with the server modules it imports. */
function importGraph(): Map<string, string[]> {
  const files = fs
    .readdirSync(SRC, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
    .map((f) => path.join(SRC, f));
  const known = new Set(files);
  const resolve = (from: string, spec: string) =>
    [`${spec}.ts`, `${spec}/index.ts`]
      .map((s) => path.resolve(path.dirname(from), s))
      .find((f) => known.has(f));
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const text = fs.readFileSync(file, 'utf8');
    const specs = [...text.matchAll(/^(?:import|export)\b[^;]*?\bfrom '(\.[^']*)'/gms)].map((m) => m[1]!);
    graph.set(
      file,
      specs.flatMap((s) => resolve(file, s) ?? []),
    );
  }
  return graph;
}

/** The first circle of imports found, as a list of files, or none. */
function findCycle(graph: Map<string, string[]>): string[] | undefined {
  const done = new Set<string>();
  const trail: string[] = [];
  const visit = (file: string): string[] | undefined => {
    const at = trail.indexOf(file);
    if (at >= 0) return [...trail.slice(at), file];
    if (done.has(file)) return undefined;
    trail.push(file);
    for (const next of graph.get(file) ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    trail.pop();
    done.add(file);
    return undefined;
  };
  for (const file of graph.keys()) {
    const cycle = visit(file);
    if (cycle) return cycle;
  }
  return undefined;
}

describe('server modules', () => {
  // Shared types live in modules of their own (app-deps.ts, engine/worker-row.ts, db/schema/*), so
  // imports run one way: a circle makes load order decide what a module sees.
  it('import each other one way, without circles', () => {
    const graph = importGraph();
    expect(graph.size).toBeGreaterThan(100);
    expect(findCycle(graph)?.map((f) => path.relative(SRC, f))).toBeUndefined();
  });
});
