import type { Database } from '../db/client';
import { GENERATION_EVENTS_CHANNEL } from './generation-events';
import { runStatement } from '../db/raw-statements';

/** What a followed job reports between its submit and its end: that it started, how far it got. */
export interface ProgressMove {
  id: string;
  /** `execution_start`: queued -> running, started then. */
  startedAt?: Date;
  /** 0..1, kept while queued or running. */
  progress?: number;
}

/**
 * The moves of many jobs in one statement: `queued -> running` for those that started (announced as a
 * status change), progress for those that report it (announced as progress), each only from the
 * statuses it may leave (a job cancelled or finished meanwhile is left alone). SET and WHERE read the
 * row as it was; RETURNING reads it as changed, so the self-join `was` tells which jobs started.
 * PGlite and PostgreSQL run the same text.
 */
const MOVE_STATEMENT = `
  with input as (
    select * from json_to_recordset($1::json) as i(id uuid, started_at timestamptz, progress real)
  ), moved as (
    update generations g set
      status = case when i.started_at is not null and g.status = 'queued' then 'running' else g.status end,
      started_at = case when i.started_at is not null and g.status = 'queued' then i.started_at else g.started_at end,
      progress = coalesce(i.progress, g.progress),
      updated_at = $2::timestamptz
    from input i, generations was
    where g.id = i.id and was.id = g.id and g.status in ('queued', 'running')
      and (i.progress is not null or (i.started_at is not null and g.status = 'queued'))
    returning g.id, g.movie_id, g.workflow_node_id, g.shot_id, g.scene_id, g.status, g.progress,
      g.status <> was.status as started, i.progress is not null as progressed
  )
  select pg_notify('${GENERATION_EVENTS_CHANNEL}', json_build_object(
      'id', moved.id, 'movie_id', moved.movie_id, 'workflow_node_id', moved.workflow_node_id,
      'shot_id', moved.shot_id, 'scene_id', moved.scene_id, 'status', moved.status,
      'progress', moved.progress, 'change', c.change)::text)
  from moved cross join (values (1, 'status'), (2, 'progress')) as c(ord, change)
  where (c.change = 'status' and moved.started) or (c.change = 'progress' and moved.progressed)
  order by moved.id, c.ord`;

/**
 * Group commit of progress moves: a move waits while the previous statement runs, then goes with every
 * move that arrived meanwhile; with a quiet dispatcher a move is written at once. Moves of one job are
 * merged (the start kept, the latest progress).
 */
export class ProgressMoves {
  private waiting = new Map<string, ProgressMove>();
  private next: Promise<void> | null = null;
  private writing: Promise<void> = Promise.resolve();

  constructor(private readonly db: Database) {}

  /** Resolves once the move is written (or found nothing to move); rejects when the statement failed. */
  add(move: ProgressMove): Promise<void> {
    const earlier = this.waiting.get(move.id);
    this.waiting.set(move.id, {
      id: move.id,
      startedAt: earlier?.startedAt ?? move.startedAt,
      progress: move.progress ?? earlier?.progress,
    });
    this.next ??= this.writing.then(() => this.write());
    return this.next;
  }

  private write(): Promise<void> {
    const moves = [...this.waiting.values()];
    this.waiting = new Map();
    this.next = null;
    const rows = moves.map((m) => ({
      id: m.id,
      started_at: m.startedAt ?? null,
      progress: m.progress ?? null,
    }));
    const written = runStatement(this.db, 'progress_moves', MOVE_STATEMENT, [
      JSON.stringify(rows),
      new Date().toISOString(),
    ]).then(() => {});
    this.writing = written.catch(() => {});
    return written;
  }
}
