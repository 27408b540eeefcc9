import type { GenerationEvent } from '@cinegraph/contracts';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client';
import {
  generate,
  generationMovie,
  startWorkers,
  testDispatcher,
  type GenerationMovie,
} from '../../engine/engine-test-support';
import { signIn, type SignedInUser } from '../../test/sign-in';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let base: string;
let m: GenerationMovie;
let other: GenerationMovie;
let stranger: SignedInUser;
const cleanups: (() => Promise<unknown>)[] = [];

beforeAll(async () => {
  t = await createTestApp();
  m = await generationMovie(t);
  other = await generationMovie(t, 'other@example.com');
  stranger = await signIn(t, 'stranger@example.com');
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => {});
});
afterAll(() => t.close());

const eventsPath = (movieId: string) => `/api/v1/generations/events/movie/${movieId}`;

/** A page's EventSource, read the plain way: over real HTTP, frame by frame. */
interface OpenStream {
  response: Response;
  events: GenerationEvent[];
  /** Resolves with the first received event (already or later) that matches. */
  waitFor(match: (event: GenerationEvent) => boolean, timeoutMs?: number): Promise<GenerationEvent>;
  close(): void;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  readonly isEnded: boolean;
}

async function openStream(movieId: string, user: SignedInUser): Promise<OpenStream> {
  const abort = new AbortController();
  const response = await fetch(`${base}${eventsPath(movieId)}`, {
    headers: { cookie: user.cookie, accept: 'text/event-stream' },
    signal: abort.signal,
  });
  expect(response.status).toBe(200);
  const events: GenerationEvent[] = [];
  const waiting = new Set<() => void>();
  let connected!: () => void;
  const ready = new Promise<void>((resolve) => (connected = resolve));
  let isEnded = false;
  const ended = (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of response.body!) {
        buffer += decoder.decode(chunk as Uint8Array, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (frame === ': connected') connected();
          const data = frame.split('\n').find((line) => line.startsWith('data: '));
          if (frame.startsWith('event: generation\n') && data) {
            events.push(JSON.parse(data.slice('data: '.length)) as GenerationEvent);
            for (const wake of waiting) wake();
          }
        }
      }
    } catch {
      // Aborted by close().
    }
    isEnded = true;
  })();
  await ready;
  const stream: OpenStream = {
    response,
    events,
    waitFor: (match, timeoutMs = 20_000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const found = events.find(match);
          if (!found) return;
          waiting.delete(check);
          clearTimeout(timer);
          resolve(found);
        };
        const timer = setTimeout(() => {
          waiting.delete(check);
          reject(new Error(`No matching event; got ${JSON.stringify(events)}`));
        }, timeoutMs);
        waiting.add(check);
        check();
      }),
    close: () => abort.abort(),
    ended,
    get isEnded() {
      return isEnded;
    },
  };
  cleanups.push(async () => stream.close());
  return stream;
}

/** Consecutive repeats dropped: the path a job took. */
const path = (events: GenerationEvent[]) =>
  events.filter((e, i) => i === 0 || e.status !== events[i - 1]!.status).map((e) => e.status);

describe('GET /generations/events/movie/:movieId', () => {
  it('ends the streams of a session when it signs out, and only those', async () => {
    const session = await signIn(t, 'director@example.com');
    const leaving = await openStream(m.movieId, session);
    const staying = await openStream(m.movieId, m.user);
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/v1/logout',
      headers: { cookie: session.cookie },
    });
    expect(logout.statusCode).toBe(200);
    await leaving.ended;
    expect(staying.isEnded).toBe(false);
  });

  it('pushes a job from pending to success in order, with progress while it runs', async () => {
    const stream = await openStream(m.movieId, m.user);
    expect(stream.response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    const started = await startWorkers(t, 1, { stepMs: 150 });
    cleanups.push(() => started.pool.stop(), ...started.workers.map((w) => () => w.close()));
    const [id] = await generate(t, m, [m.shotIds[0]!], 1);
    const dispatcher = testDispatcher(t);
    cleanups.push(() => dispatcher.stop());
    dispatcher.start();

    await stream.waitFor((e) => e.id === id && e.status === 'success');
    const mine = stream.events.filter((e) => e.id === id);
    const statuses = mine.filter((e) => e.change === 'status');
    expect(path(statuses)).toEqual(['pending', 'assigned', 'queued', 'running', 'success']);
    expect(statuses.at(-1)!.progress).toBe(1);
    // Progress arrives between running and success, rising, at most a couple of times a second.
    const progress = mine.filter((e) => e.change === 'progress');
    expect(progress.length).toBeGreaterThan(0);
    expect(progress.every((e) => e.status === 'running' && e.progress > 0 && e.progress <= 1)).toBe(true);
    expect(progress.map((e) => e.progress)).toEqual([...progress.map((e) => e.progress)].sort());
    const at = (e: GenerationEvent) => mine.indexOf(e);
    const running = statuses.find((e) => e.status === 'running')!;
    expect(progress.every((e) => at(e) > at(running) && at(e) < at(statuses.at(-1)!))).toBe(true);
    expect(mine.every((e) => e.movie_id === m.movieId && e.workflow_node_id === m.nodeId)).toBe(true);
    expect(mine.every((e) => e.shot_id === m.shotIds[0])).toBe(true);
    expect(mine[0]!.scene_id).toEqual(expect.any(String));
  });

  it('announces cancels and deletes, and never shows another movie its events', async () => {
    const mine = await openStream(m.movieId, m.user);
    const theirs = await openStream(other.movieId, other.user);
    // Nobody runs jobs here: they stay pending until cancelled.
    const [foreign] = await generate(t, other, [other.shotIds[0]!], 1);
    await theirs.waitFor((e) => e.id === foreign && e.status === 'pending');
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/v1/generations/cancel_generation/${foreign}`,
      headers: { cookie: other.user.cookie },
    });
    expect(cancel.statusCode).toBe(200);
    await theirs.waitFor((e) => e.id === foreign && e.status === 'cancelled');

    const [own] = await generate(t, m, [m.shotIds[1]!], 1);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/generations/${own}`,
      headers: { cookie: m.user.cookie },
    });
    expect(removed.statusCode).toBe(200);
    // The database delivers notifications in commit order: had the other movie's leaked, they were first.
    await mine.waitFor((e) => e.id === own && e.change === 'deleted');
    expect(mine.events.map((e) => [e.id, e.status, e.change])).toEqual([
      [own, 'pending', 'status'],
      [own, 'cancelled', 'status'],
      [own, 'cancelled', 'deleted'],
    ]);
    expect(theirs.events.every((e) => e.movie_id === other.movieId)).toBe(true);
  });

  // PostgreSQL only: there, a second server process shares the database and may run the job.
  it.runIf(process.env.DATABASE_URL)(
    'shows a page the jobs another server runs on the same database',
    async () => {
      const url = (t.db as unknown as { $client: pg.Pool }).$client.options.connectionString!;
      const second = await openDatabase({ kind: 'postgres', url });
      cleanups.push(() => second.close());
      const stream = await openStream(m.movieId, m.user);
      const started = await startWorkers(t, 1);
      cleanups.push(() => started.pool.stop(), ...started.workers.map((w) => () => w.close()));
      const [id] = await generate(t, m, [m.shotIds[0]!], 1);
      const elsewhere = testDispatcher(t, { db: second.db });
      cleanups.push(() => elsewhere.stop());
      elsewhere.start();
      await stream.waitFor((e) => e.id === id && e.status === 'success');
    },
  );

  it('needs a session (401) and membership of the movie (403, 404 for no movie)', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: eventsPath(m.movieId) });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ detail: expect.any(String) });
    const outsider = await t.app.inject({
      method: 'GET',
      url: eventsPath(m.movieId),
      headers: { cookie: stranger.cookie },
    });
    expect(outsider.statusCode).toBe(403);
    expect(outsider.json()).toEqual({ detail: expect.any(String) });
    const missing = await t.app.inject({
      method: 'GET',
      url: eventsPath('00000000-0000-4000-8000-000000000000'),
      headers: { cookie: m.user.cookie },
    });
    expect(missing.statusCode).toBe(404);
    // Over real HTTP too: the error is an ordinary JSON answer, not a stream.
    const overHttp = await fetch(`${base}${eventsPath(m.movieId)}`, { headers: { cookie: stranger.cookie } });
    expect(overHttp.status).toBe(403);
    expect(overHttp.headers.get('content-type')).toMatch(/application\/json/);
    await overHttp.body?.cancel();
  });
});
