import os from 'node:os';
import Fastify, { type InjectOptions, type LightMyRequestResponse } from 'fastify';
import { connections, nodes } from '../apps/server/src/db/schema';
import { readMovieConnectionsText, readMovieGraph } from '../apps/server/src/services/editor/graph-reads';
import { signIn, type SignedInUser } from '../apps/server/src/test/sign-in';
import { createTestApp, type TestApp } from '../apps/server/src/test/test-app';
import { measurePair, printComparisons, type Comparison } from './harness';
import { newMovie } from './movies';
import { postgresUrlForBench, withDatabaseUrl } from './postgres';

const NODES = 1_000;

/**
 * `GET v1/editor/nodes` and `connections` of a movie with 1,000 nodes and 1,000 edges, through the
 * studio's app, against a bare Fastify route that runs the same statements (access check included)
 * and sends the JSON text they return as it comes (for the nodes, without the handles). What is left
 * is the studio's own cost: hooks, validation and presenting each handle's connections. Then the
 * server CPU each of the editor's four first reads costs (PGlite runs on the server's thread: it
 * delays the page's scripts).
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
  await printReadCpu();
}

async function compare(label: string, open: () => Promise<TestApp>): Promise<Comparison[]> {
  const t = await open();
  const bare = Fastify();
  try {
    const user = await signIn(t, 'bench@example.com');
    const movieId = await bigMovie(t, user, NODES);
    const sessionToken = user.cookie.split('=')[1]!.split(';')[0]!;
    bare.get('/nodes/:movieId', async (request, reply) => {
      const { movieId: id } = request.params as { movieId: string };
      const { nodes } = await readMovieGraph(t.db, sessionToken, id);
      return reply.type('application/json').send(`[${nodes.map((node) => `${node.head}}`).join(',')}]`);
    });
    bare.get('/connections/:movieId', async (request, reply) => {
      const { movieId: id } = request.params as { movieId: string };
      return reply.type('application/json').send(await readMovieConnectionsText(t.db, sessionToken, id));
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

/**
 * Server CPU (process.cpuUsage around app.inject: Fastify, the handler and PGlite) of each of the
 * editor's four first reads at 200 and 1,000 nodes on PGlite: the median of 30 warm answers, and the
 * first answer of an app just started over the same database (its code already compiled by V8).
 */
async function printReadCpu(): Promise<void> {
  const t = await createTestApp();
  try {
    const user = await signIn(t, 'cpu@example.com');
    const lines: string[] = [];
    for (const size of [200, 1_000]) {
      const movieId = await bigMovie(t, user, size);
      const reads: [string, string][] = [
        ['nodes', `/api/v1/editor/nodes/${movieId}`],
        ['connections', `/api/v1/editor/connections/${movieId}`],
        ['movie', `/api/v1/movies/${movieId}`],
        ['utility', '/api/v1/editor/utility_nodes'],
      ];
      // Ready before the first read, as a started server is: the routes' serializers are built at start.
      const fresh = await createTestApp({ sharedDatabase: t.database });
      await fresh.app.ready();
      const first = [];
      for (const [, url] of reads) first.push(await cpuOf(fresh.app, url, user.cookie));
      await fresh.app.close();
      for (const [i, [name, url]] of reads.entries()) {
        const warm: number[] = [];
        for (let round = 0; round < 35; round += 1) warm.push(await cpuOf(t.app, url, user.cookie));
        const median = warm.slice(5).sort((a, b) => a - b)[15]!;
        lines.push(
          `${`${size} nodes: GET ${name}`.padEnd(30)}${median.toFixed(1).padStart(7)} ms${first[i]!.toFixed(1).padStart(9)} ms`,
        );
      }
    }
    console.log(`\nServer CPU per editor read on PGlite (load ${os.loadavg()[0]!.toFixed(1)})`);
    console.log(`${''.padEnd(30)}${'warm'.padStart(10)}${'first'.padStart(12)}`);
    for (const line of lines) console.log(line);
  } finally {
    await t.close();
  }
}

async function cpuOf(app: TestApp['app'], url: string, cookie: string): Promise<number> {
  const before = process.cpuUsage();
  const response = await app.inject({ method: 'GET', url, headers: { cookie } });
  const used = process.cpuUsage(before);
  if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
  return (used.user + used.system) / 1000;
}

/** A movie of the user with `size` nodes (two inputs and an output each) and `size` edges in a ring. */
async function bigMovie(t: TestApp, user: SignedInUser, size: number): Promise<string> {
  const movieId = await newMovie(t, user);
  const handle = (id: string) => ({ id, name: id, type: 'text' as const });
  const inserted = await t.db
    .insert(nodes)
    .values(
      Array.from({ length: size }, (_, i) => ({
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
      targetNodeId: inserted[(i + 1) % size]!.id,
      targetHandleId: 'in_1',
    })),
  );
  return movieId;
}
