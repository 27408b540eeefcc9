import { PGlite } from '@electric-sql/pglite';
import { GenerationEvent } from '@cinegraph/contracts';
import { inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type pg from 'pg';
import type { Database } from '../db/client';
import { generations } from '../db/schema';

/**
 * Generation changes reach the open pages through the database itself: every change is published with
 * `pg_notify` and every server LISTENs. On PostgreSQL several servers (several dispatchers) share one
 * database, so a page connected to one server sees the jobs another one runs; PGlite speaks the same
 * LISTEN/NOTIFY within its one process, so both databases take the same path. A notification is
 * delivered only when its transaction commits: a rolled-back generate call announces nothing.
 */
export const GENERATION_EVENTS_CHANNEL = 'cinegraph_generation_events';

/** The columns an event is made of; UPDATE ... RETURNING these where a generation changes. */
export const generationEventColumns = {
  id: generations.id,
  movieId: generations.movieId,
  workflowNodeId: generations.workflowNodeId,
  shotId: generations.shotId,
  sceneId: generations.sceneId,
  status: generations.status,
  progress: generations.progress,
};

export type GenerationEventRow = {
  [K in keyof typeof generationEventColumns]: (typeof generations.$inferSelect)[K];
};

/** A database or a transaction: anything that can run the NOTIFY. */
type Executor = Pick<Database, 'execute' | 'select'>;

/** Announces generations by id as they are now (new ones from a generate call, inside its transaction). */
export async function publishGenerationsById(
  db: Executor,
  ids: readonly string[],
  change: GenerationEvent['change'],
): Promise<void> {
  if (ids.length === 0) return;
  const rows = await db
    .select(generationEventColumns)
    .from(generations)
    .where(inArray(generations.id, [...ids]));
  await publishGenerationEvents(db, rows, change);
}

/** NOTIFY's payload is limited to 8000 bytes; an event is a few hundred, so each row goes alone. */
export async function publishGenerationEvents(
  db: Executor,
  rows: readonly GenerationEventRow[],
  change: GenerationEvent['change'],
): Promise<void> {
  if (rows.length === 0) return;
  const payloads = rows.map((row) => JSON.stringify(toGenerationEvent(row, change)));
  // One round trip for a whole batch (a cancel-all, a generate call of many shots).
  await db.execute(
    sql`select pg_notify(${GENERATION_EVENTS_CHANNEL}, value) from json_array_elements_text(${JSON.stringify(payloads)}::json)`,
  );
}

/**
 * The `pg_notify` of each row of `moved` (a CTE of updated generations), to select with them: the
 * event `toGenerationEvent` makes, built by the database.
 */
export function announceMoved(
  moved: Record<keyof typeof generationEventColumns, SQLWrapper>,
  change: GenerationEvent['change'],
): SQL<string> {
  return sql<string>`pg_notify(${GENERATION_EVENTS_CHANNEL}, json_build_object(
    'id', ${moved.id}, 'movie_id', ${moved.movieId}, 'workflow_node_id', ${moved.workflowNodeId},
    'shot_id', ${moved.shotId}, 'scene_id', ${moved.sceneId}, 'status', ${moved.status},
    'progress', ${moved.progress}, 'change', ${change}::text)::text)`;
}

/** `announceMoved` as SQL text, for the engine's fixed statements: `moved` holds the changed rows. */
export function notifyMoved(change: GenerationEvent['change']): string {
  return `pg_notify('${GENERATION_EVENTS_CHANNEL}', json_build_object(
      'id', moved.id, 'movie_id', moved.movie_id, 'workflow_node_id', moved.workflow_node_id,
      'shot_id', moved.shot_id, 'scene_id', moved.scene_id, 'status', moved.status,
      'progress', moved.progress, 'change', '${change}')::text)`;
}

/** A generation UPDATE returning the event columns (see `updateAndPublish`). */
interface EventUpdate {
  getSQL(): SQL;
}

type RawEventRow = {
  id: string;
  movie_id: string;
  workflow_node_id: string;
  shot_id: string | null;
  scene_id: string | null;
  status: GenerationEventRow['status'];
  progress: number;
};

/**
 * Runs an UPDATE of generations that returns `generationEventColumns` and announces every changed row
 * (and runs the `alongside` statements, which may read the moved rows from `moved`) in the same statement (`WITH moved AS (UPDATE ...) SELECT ..., pg_notify(...)`): one round trip per
 * engine transition instead of two. The payload is `toGenerationEvent`'s, built by the database;
 * listeners check it against the contract, so a drift would drop events (the event tests catch it).
 */
export async function updateAndPublish(
  db: Executor,
  update: EventUpdate,
  change: GenerationEvent['change'],
  alongside: readonly SQL[] = [],
): Promise<GenerationEventRow[]> {
  // Statements that follow the move (they may read `moved`) run in the same round trip.
  const followUps = alongside.map((statement, i) => sql`, ${sql.raw(`alongside_${i}`)} as (${statement})`);
  // PGlite and node-postgres both answer raw queries with `{ rows }`.
  const result = (await db.execute(sql`
    with moved as (${update.getSQL()}) ${sql.join(followUps, sql``)}
    select moved.*, pg_notify(${GENERATION_EVENTS_CHANNEL}, json_build_object(
      'id', moved.id, 'movie_id', moved.movie_id, 'workflow_node_id', moved.workflow_node_id,
      'shot_id', moved.shot_id, 'scene_id', moved.scene_id, 'status', moved.status,
      'progress', moved.progress, 'change', ${change}::text)::text)
    from moved`)) as unknown as { rows: RawEventRow[] };
  return result.rows.map((row) => ({
    id: row.id,
    movieId: row.movie_id,
    workflowNodeId: row.workflow_node_id,
    shotId: row.shot_id,
    sceneId: row.scene_id,
    status: row.status,
    progress: Number(row.progress),
  }));
}

/** The event of a changed row. */
export function toGenerationEvent(
  row: GenerationEventRow,
  change: GenerationEvent['change'],
): GenerationEvent {
  return {
    id: row.id,
    movie_id: row.movieId,
    workflow_node_id: row.workflowNodeId,
    shot_id: row.shotId,
    scene_id: row.sceneId,
    status: row.status,
    progress: row.progress,
    change,
  };
}

type Listener = (event: GenerationEvent) => void;

/** How long a lost PostgreSQL LISTEN connection waits before it connects again. */
const RELISTEN_MS = 2_000;

/**
 * One server's subscription to the generation channel, shared by all its open streams and fanned out
 * per movie. It listens only while somebody subscribes, so a server nobody watches holds no extra
 * PostgreSQL connection.
 */
export class GenerationEventHub {
  private readonly byMovie = new Map<string, Set<Listener>>();
  private listening: Promise<() => Promise<void>> | null = null;
  private closed = false;

  constructor(private readonly db: Database) {}

  /** Resolves once events of the movie reach `listener`; returns the unsubscribe call. */
  async subscribe(movieId: string, listener: Listener): Promise<() => void> {
    let listeners = this.byMovie.get(movieId);
    if (!listeners) this.byMovie.set(movieId, (listeners = new Set()));
    listeners.add(listener);
    try {
      await this.listen();
    } catch (error) {
      this.remove(movieId, listener);
      throw error;
    }
    return () => this.remove(movieId, listener);
  }

  async close(): Promise<void> {
    this.closed = true;
    this.byMovie.clear();
    const stop = await this.listening?.catch(() => null);
    this.listening = null;
    await stop?.();
  }

  private remove(movieId: string, listener: Listener): void {
    const listeners = this.byMovie.get(movieId);
    listeners?.delete(listener);
    if (listeners?.size === 0) this.byMovie.delete(movieId);
  }

  private deliver(payload: string | undefined): void {
    let parsed: unknown;
    try {
      parsed = JSON.parse(payload ?? '');
    } catch {
      return; // Not one of ours: the channel is public to anything connected to the database.
    }
    const event = GenerationEvent.safeParse(parsed);
    if (!event.success) return;
    for (const listener of this.byMovie.get(event.data.movie_id) ?? []) listener(event.data);
  }

  private listen(): Promise<() => Promise<void>> {
    if (this.closed) return Promise.reject(new Error('The generation events are closed.'));
    this.listening ??= this.startListening().catch((error: unknown) => {
      this.listening = null;
      throw error;
    });
    return this.listening;
  }

  private async startListening(): Promise<() => Promise<void>> {
    const client = (this.db as unknown as { $client: unknown }).$client;
    if (client instanceof PGlite) {
      const unlisten = await client.listen(GENERATION_EVENTS_CHANNEL, (payload) => this.deliver(payload));
      return unlisten;
    }
    // pg is loaded only on PostgreSQL: a PGlite studio starts without it.
    const { default: pgModule } = await import('pg');
    if (client instanceof pgModule.Pool) return this.listenOnPostgres(pgModule, client.options);
    throw new Error('Generation events need PGlite or PostgreSQL.');
  }

  /**
   * A dedicated connection, not one of the pool's: LISTEN belongs to a session. A lost connection (a
   * PostgreSQL restart) is replaced while the hub is open; pages miss nothing they cannot poll for.
   */
  private async listenOnPostgres(pgModule: typeof pg, options: pg.PoolConfig): Promise<() => Promise<void>> {
    let current: pg.Client | null = null;
    let retry: ReturnType<typeof setTimeout> | null = null;
    let stopped = false;
    const connect = async (): Promise<void> => {
      const client = new pgModule.Client(options);
      current = client;
      const lost = () => {
        if (current !== client) return; // Already replaced, or the hub stopped listening.
        current = null;
        void client.end().catch(() => {});
        if (stopped) return;
        retry = setTimeout(() => void connect().catch(() => {}), RELISTEN_MS);
        retry.unref();
      };
      client.on('notification', (message) => this.deliver(message.payload));
      client.on('error', lost);
      client.on('end', lost);
      try {
        await client.connect();
        await client.query(`LISTEN ${GENERATION_EVENTS_CHANNEL}`);
      } catch (error) {
        lost();
        throw error;
      }
    };
    try {
      await connect();
    } catch (error) {
      // The first connection fails loudly (the stream answers with an error) instead of retrying.
      stopped = true;
      if (retry) clearTimeout(retry);
      throw error;
    }
    return async () => {
      stopped = true;
      if (retry) clearTimeout(retry);
      const client = current;
      current = null;
      await client?.end().catch(() => {});
    };
  }
}
