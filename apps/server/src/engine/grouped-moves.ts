import type { GenerationOutputColumn } from '../db/schema';
import type { Database } from '../db/client';
import { runStatement } from '../db/raw-statements';
import { GENERATION_EVENTS_CHANNEL, notifyMoved } from './generation-events';

/**
 * Group commit of one kind of move: a move waits while the previous statement of its kind runs, then
 * goes with every move that arrived meanwhile, in one statement; on a quiet dispatcher it is written at
 * once. Each caller learns whether its own job moved (a job cancelled meanwhile does not).
 */
export class GroupedMoves<Move extends { id: string }> {
  private open: { moves: Move[]; done: Promise<Set<string>> } | null = null;
  private writing: Promise<unknown> = Promise.resolve();

  constructor(private readonly write: (moves: Move[]) => Promise<Set<string>>) {}

  /** Whether the job moved; rejects when the statement failed. */
  async add(move: Move): Promise<boolean> {
    if (!this.open) {
      const batch: { moves: Move[]; done: Promise<Set<string>> } = {
        moves: [],
        done: Promise.resolve(new Set()),
      };
      batch.done = this.writing.then(() => {
        // Closed as its statement starts: later moves wait for the next one.
        if (this.open === batch) this.open = null;
        return this.write(batch.moves);
      });
      this.writing = batch.done.catch(() => {});
      this.open = batch;
    }
    const batch = this.open;
    batch.moves.push(move);
    return (await batch.done).has(move.id);
  }
}

/** Announces every moved row as a status change, as `updateAndPublish` does. */
const ANNOUNCE_MOVED = `select moved.id, ${notifyMoved('status')} from moved order by moved.id`;

const MOVED_COLUMNS = `g.id, g.movie_id, g.workflow_node_id, g.shot_id, g.scene_id, g.status, g.progress`;

/**
 * The input's rows locked in id order before any is changed. Every multi-row write of the engine (these
 * moves, the progress moves, the lease renewal) locks in this one order: two of them over the same jobs
 * could otherwise each hold a row the other waits for (a deadlock PostgreSQL breaks by failing one; a
 * lease renewal was seen failing so mid-run). The moves then change only rows found here.
 */
export const LOCK_INPUT_IN_ID_ORDER = `
  locked as (
    select g.id from generations g where g.id in (select id from input) order by g.id for update
  )`;

/**
 * A prompt the worker accepted: `assigned -> queued` under the id it answered with, or on to `running`
 * when the worker said it started by the time the move is written.
 */
export interface QueuedMove {
  id: string;
  promptId: string;
  /** Outputs ComfyUI left out (node_errors); null when none. */
  warning: string | null;
  /**
   * When the worker said the prompt started, asked as the statement is made (an idle worker starts a
   * prompt as it answers the submit): the start is then written with the move, not by one more.
   */
  startedAt?: () => Date | undefined;
}

/**
 * A job that started is announced as queued, then as running: the pages see the path a job takes.
 */
const QUEUED_STATEMENT = `
  with input as (
    select * from json_to_recordset($1::json) as i(id uuid, prompt_id text, warning text, started_at timestamptz)
  ), ${LOCK_INPUT_IN_ID_ORDER}, moved as (
    update generations g set status = case when i.started_at is null then 'queued' else 'running' end,
      started_at = coalesce(i.started_at, g.started_at), prompt_id = i.prompt_id, warning = i.warning,
      updated_at = $2::timestamptz
    from input i join locked l on l.id = i.id where g.id = l.id and g.status = 'assigned'
    returning ${MOVED_COLUMNS}
  )
  select moved.id, pg_notify('${GENERATION_EVENTS_CHANNEL}', json_build_object(
      'id', moved.id, 'movie_id', moved.movie_id, 'workflow_node_id', moved.workflow_node_id,
      'shot_id', moved.shot_id, 'scene_id', moved.scene_id, 'status', s.status,
      'progress', moved.progress, 'change', 'status')::text)
  from moved cross join lateral (values (1, 'queued'), (2, moved.status)) as s(ord, status)
  where s.ord = 1 or moved.status = 'running'
  order by moved.id, s.ord`;

/** A take stored: `queued | running -> success`, the shot's tile and the scene marked as new. */
export interface SucceededMove {
  id: string;
  output: GenerationOutputColumn;
  finishedAt: Date;
  /** The worker's own execution time (its history's timestamps); null: timed by the statement. */
  gpuSeconds: number | null;
  /** When the outcome arrived, and when a restart adopted the job: the server's timing without one. */
  endedAt: Date;
  adoptedAt: Date | null;
}

/**
 * The shot shows its latest successful take (of the batch, the last to finish with a display image, as
 * one statement per take would leave it), scene and shot are
 * marked as having new output. GPU time is the worker's own execution time, never the studio's download
 * of the outputs: a worker whose history has no timestamps is timed by this server from the start it saw
 * (kept in the row; else from the adoption, the part it can vouch for) to the moment the outcome arrived.
 */
const SUCCEEDED_STATEMENT = `
  with input as (
    select * from json_to_recordset($1::json)
      as i(id uuid, output jsonb, finished_at timestamptz, gpu_seconds real, ended_at timestamptz,
        adopted_at timestamptz)
  ), ${LOCK_INPUT_IN_ID_ORDER}, moved as (
    update generations g set status = 'success', output = i.output, progress = 1, new_output = true,
      finished_at = i.finished_at, error_message = null, updated_at = $2::timestamptz,
      gpu_seconds = coalesce(i.gpu_seconds,
        extract(epoch from (i.ended_at - coalesce(g.started_at, i.adopted_at))))
    from input i join locked l on l.id = i.id where g.id = l.id and g.status in ('queued', 'running')
    returning ${MOVED_COLUMNS}, i.output ->> 'display_image' as display_image, i.finished_at
  ), latest as (
    select distinct on (shot_id) shot_id, display_image from moved
    where shot_id is not null order by shot_id, display_image is null, finished_at desc, id
  ), shot_tiles as (
    update shots set new_output = true, display_image = coalesce(latest.display_image, shots.display_image)
    from latest where shots.id = latest.shot_id
  ), scene_tiles as (
    update scenes set new_output = true where id in (select scene_id from moved)
  ) ${ANNOUNCE_MOVED}`;

/** The engine's batched writes of queued and succeeded jobs. */
export function queuedMoves(db: Database): GroupedMoves<QueuedMove> {
  return new GroupedMoves(async (moves) => {
    const rows = moves.map((m) => ({
      id: m.id,
      prompt_id: m.promptId,
      warning: m.warning,
      started_at: m.startedAt?.() ?? null,
    }));
    return movedIds(db, 'queued_moves', QUEUED_STATEMENT, rows);
  });
}

export function succeededMoves(db: Database): GroupedMoves<SucceededMove> {
  return new GroupedMoves(async (moves) => {
    const rows = moves.map((m) => ({
      id: m.id,
      output: m.output,
      finished_at: m.finishedAt,
      gpu_seconds: m.gpuSeconds,
      ended_at: m.endedAt,
      adopted_at: m.adoptedAt,
    }));
    return movedIds(db, 'succeeded_moves', SUCCEEDED_STATEMENT, rows);
  });
}

async function movedIds(db: Database, name: string, text: string, rows: object[]): Promise<Set<string>> {
  const moved = await runStatement<{ id: string }>(db, name, text, [
    JSON.stringify(rows),
    new Date().toISOString(),
  ]);
  return new Set(moved.map((row) => row.id));
}
