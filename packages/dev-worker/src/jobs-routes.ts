import type { ServerResponse } from 'node:http';
import { sendJson } from './http-util';
import type { QueuedPrompt } from './prompt-queue';
import type { WorkerState } from './prompt-routes';
import type { HistoryEntry } from './prompt-types';

/** A job of ComfyUI 0.8.0's `/api/jobs`. */
interface Job {
  id: string;
  status: 'pending' | 'in_progress' | 'completed' | 'failed';
  priority: number;
  create_time: number | null;
  execution_start_time?: number;
  execution_end_time?: number;
  outputs_count: number;
}

const createTime = (extra: Record<string, unknown>) =>
  typeof extra.create_time === 'number' ? extra.create_time : null;

function queuedJob(queued: QueuedPrompt, status: Job['status'], state: WorkerState): Job {
  const job: Job = {
    id: queued.id,
    status,
    priority: queued.number,
    create_time: createTime(queued.extraData),
    outputs_count: 0,
  };
  const start = state.queue.times.get(queued.id)?.start;
  if (start !== undefined) job.execution_start_time = start;
  return job;
}

function finishedJob(id: string, entry: HistoryEntry, state: WorkerState): Job {
  const times = state.queue.times.get(id);
  const files = Object.values(entry.outputs).flatMap((output) =>
    Object.values(output).filter((list) => list.some((item) => typeof item === 'object')),
  );
  return {
    id,
    status: entry.status.status_str === 'success' ? 'completed' : 'failed',
    priority: entry.prompt[0],
    create_time: createTime(entry.prompt[3]),
    execution_start_time: times?.start,
    execution_end_time: times?.end,
    outputs_count: files.reduce((count, list) => count + list.length, 0),
  };
}

function allJobs(state: WorkerState): Job[] {
  const jobs = [...state.queue.history].map(([id, entry]) => finishedJob(id, entry, state));
  const running = state.queue.running;
  if (running) jobs.push(queuedJob(running, 'in_progress', state));
  jobs.push(...state.queue.waiting().map((queued) => queuedJob(queued, 'pending', state)));
  return jobs.sort((a, b) => (b.create_time ?? 0) - (a.create_time ?? 0) || b.priority - a.priority);
}

/** `GET /api/jobs?status=&limit=&offset=`: jobs newest first, with ComfyUI 0.8.0's pagination. */
export function listJobs(state: WorkerState, url: URL, res: ServerResponse) {
  const statuses = url.searchParams.get('status')?.split(',').filter(Boolean);
  const limitText = url.searchParams.get('limit');
  const limit = limitText === null ? null : Math.max(0, Number.parseInt(limitText, 10) || 0);
  const offset = Math.max(0, Number.parseInt(url.searchParams.get('offset') ?? '0', 10) || 0);
  const matching = allJobs(state).filter((job) => !statuses || statuses.includes(job.status));
  const page = matching.slice(offset, limit === null ? undefined : offset + limit);
  sendJson(res, 200, {
    jobs: page,
    pagination: { offset, limit, total: matching.length, has_more: offset + page.length < matching.length },
  });
}

/** `GET /api/jobs/{id}`: the job with its outputs, execution status and workflow; 404 when unknown. */
export function getJob(state: WorkerState, id: string, res: ServerResponse) {
  const job = allJobs(state).find((candidate) => candidate.id === id);
  if (!job) return sendJson(res, 404, { error: 'Job not found' });
  const entry = state.queue.history.get(id);
  const queued = [state.queue.running, ...state.queue.waiting()].find((candidate) => candidate?.id === id);
  const [prompt, extraData] = entry
    ? [entry.prompt[2], entry.prompt[3]]
    : [queued?.prompt, queued?.extraData];
  sendJson(res, 200, {
    ...job,
    outputs: entry?.outputs ?? {},
    execution_status: entry?.status ?? null,
    workflow: { prompt, extra_data: extraData },
  });
}
