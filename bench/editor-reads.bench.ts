import Fastify, { type InjectOptions, type LightMyRequestResponse } from 'fastify';
import { connections, nodes } from '../apps/server/src/db/schema';
import { listConnections } from '../apps/server/src/services/editor/connections';
import { listNodes } from '../apps/server/src/services/editor/nodes';
import { requireReadableMovieForSession } from '../apps/server/src/services/movies/access';
import { signIn, type SignedInUser } from '../apps/server/src/test/sign-in';
import { createTestApp, type TestApp } from '../apps/server/src/test/test-app';
import { measurePair, printComparisons, type Comparison } from './harness';
import { newMovie } from './movies';
import { postgresUrlForBench, withDatabaseUrl } from './postgres';

const NODES = 1_000;

/**
 * `GET v1/editor/nodes` and `connections` of a movie with 1,000 nodes and 1,000 edges, through the
 * studio's app, against a bare Fastify route that runs the same SQL (the same access query and lists)
 * and sends the rows as they come, with Fastify's plain JSON. What is left is the studio's own cost:
 * hooks, validation, presenting and serialising.
 */
export async function benchEditorReads(): Promise<void> {
  const rows: Comparison[] = [];
  const url = await postgresUrlForBench();
  if (url) rows.push(...(await compare('PostgreSQL', () => withDatabaseUrl(url, () => createTestApp()))));
  rows.push(...(await compare('PGlite', () => createTestApp())));
  printComparisons(
    `Editor reads of ${NODES} nodes + ${NODES} edges vs a bare Fastify route running the same SQL`,
    rows,
  );
}

async function compare(label: string, open: () => Promise<TestApp>): Promise<Comparison[]> {
  const t = await open();
  const bare = Fastify();
  try {
    const user = await signIn(t, 'bench@example.com');
    const movieId = await bigMovie(t, user);
    const sessionToken = user.cookie.split('=')[1]!.split(';')[0]!;
    bare.get('/nodes/:movieId', async (request) => {
      const { movieId: id } = request.params as { movieId: string };
      await requireReadableMovieForSession(t.db, sessionToken, id);
      const [n, c] = await Promise.all([listNodes(t.db, id), listConnections(t.db, id)]);
      return { nodes: n, connections: c };
    });
    bare.get('/connections/:movieId', async (request) => {
      const { movieId: id } = request.params as { movieId: string };
      await requireReadableMovieForSession(t.db, sessionToken, id);
      return listConnections(t.db, id);
    });
    const get =
      (app: { inject(o: InjectOptions): Promise<LightMyRequestResponse> }, path: string) => async () => {
        const response = await app.inject({ method: 'GET', url: path, headers: { cookie: user.cookie } });
        if (response.statusCode !== 200) throw new Error(`${path}: ${response.statusCode} ${response.body}`);
      };
    const result: Comparison[] = [];
    for (const what of ['nodes', 'connections']) {
      const { studioMs, baselineMs } = await measurePair(
        get(t.app, `/api/v1/editor/${what}/${movieId}`),
        get(bare, `/${what}/${movieId}`),
        { minMs: 3_000 },
      );
      result.push({
        name: `${label}: GET v1/editor/${what}`,
        figure: studioMs,
        baseline: baselineMs,
        unit: 'ms',
        higherIsBetter: false,
        target: '>= 0.8',
      });
    }
    return result;
  } finally {
    await bare.close();
    await t.close();
  }
}

/** A movie of the user with NODES nodes (two inputs and an output each) and NODES edges in a ring. */
async function bigMovie(t: TestApp, user: SignedInUser): Promise<string> {
  const movieId = await newMovie(t, user);
  const handle = (id: string) => ({ id, name: id, type: 'text' as const });
  const inserted = await t.db
    .insert(nodes)
    .values(
      Array.from({ length: NODES }, (_, i) => ({
        movieId,
        name: `Node ${i}`,
        type: 'primitive' as const,
        level: 'movie' as const,
        positionX: (i % 40) * 250,
        positionY: Math.floor(i / 40) * 150,
        value: `value ${i}`,
        inputHandles: [handle('in_1'), handle('in_2')],
        outputHandles: [handle('output')],
      })),
    )
    .returning({ id: nodes.id });
  await t.db.insert(connections).values(
    inserted.map((node, i) => ({
      movieId,
      sourceNodeId: node.id,
      sourceHandleId: 'output',
      targetNodeId: inserted[(i + 1) % NODES]!.id,
      targetHandleId: 'in_1',
    })),
  );
  return movieId;
}
