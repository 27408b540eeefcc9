import type { Database } from '../db/client';
import { runStatement } from '../db/raw-statements';
import { GENERATION_EVENTS_CHANNEL } from './generation-events';
import { GroupedMoves, LOCK_INPUT_IN_ID_ORDER } from './grouped-moves';

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
  ), ${LOCK_INPUT_IN_ID_ORDER}, moved as (
    update generations g set
      status = case when i.started_at is not null and g.status = 'queued' then 'running' else g.status end,
      started_at = case when i.started_at is not null and g.status = 'queued' then i.started_at else g.started_at end,
      progress = coalesce(i.progress, g.progress),
      updated_at = $2::timestamptz
    from input i join locked l on l.id = i.id, generations was
    where g.id = l.id and was.id = g.id and g.status in ('queued', 'running')
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
 * Progress moves go by group commit (see GroupedMoves). Moves of one job that wait together are merged
 * into one row (the start kept, the latest progress): the statement must see each job once.
 */
export function progressMoves(db: Database): GroupedMoves<ProgressMove> {
  return new GroupedMoves(async (moves) => {
    const merged = new Map<string, ProgressMove>();
    for (const move of moves) {
      const earlier = merged.get(move.id);
      merged.set(move.id, {
        id: move.id,
        startedAt: earlier?.startedAt ?? move.startedAt,
        progress: move.progress ?? earlier?.progress,
      });
    }
    const rows = [...merged.values()].map((m) => ({
      id: m.id,
      started_at: m.startedAt ?? null,
      progress: m.progress ?? null,
    }));
    await runStatement(db, 'progress_moves', MOVE_STATEMENT, [
      JSON.stringify(rows),
      new Date().toISOString(),
    ]);
    return new Set(); // Nobody asks whether a progress move moved its job.
  });
}
