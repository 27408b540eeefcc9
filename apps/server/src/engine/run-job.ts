import { randomUUID } from 'node:crypto';
import {
  ComfyPromptError,
  ComfyUnavailableError,
  describePromptError,
  type WorkerConnection,
  type ComfyEvent,
  type PromptOutcome,
  type QueuedPrompt,
} from '@cinegraph/comfy';
import type { GenerationStatus } from '@cinegraph/contracts';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { generations, workers, type GenerationOutputColumn } from '../db/schema';
import type { GenerationRow } from '../services/generations/access';
import { generationFileKeys, generationFilesPrefix } from '../services/generations/update';
import type { Storage } from '../storage/storage';
import type { Claim } from './claim';
import { executionSecondsOf } from './gpu-time';
import { JobSetupError, outputPrefixOf, preparePrompt } from './prepare-prompt';
import type { ProgressMove } from './progress-moves';
import type { GroupedMoves, QueuedMove, SucceededMove } from './grouped-moves';
import { storeGenerationOutput } from './store-outputs';
import { transition } from './transitions';
import { markWorkerUnhealthy, messageOf, type EngineLog } from './worker-pool';
import type { WorkerRow } from './worker-row';

/** What running a job needs; the dispatcher provides it. */
export interface JobRunner {
  db: Database;
  storage: Storage;
  publicUrl: string;
  /** The largest output file kept from a worker. */
  maxOutputBytes?: number;
  /** Re-queues after a worker disappears before the job fails. */
  retries: number;
  /** `/history` polling while following a prompt. */
  pollMs: number;
  log: EngineLog;
  /** Where a followed job's start and progress are written, with other jobs' (see progressMoves). */
  moves: GroupedMoves<ProgressMove>;
  /** Where submitted and succeeded jobs are written, with other jobs' (see GroupedMoves). */
  queued: GroupedMoves<QueuedMove>;
  succeeded: GroupedMoves<SucceededMove>;
  /** The prompt's run ended on its worker (before its outputs are stored): its slot may take another job. */
  runEnded(jobId: string, worker: WorkerRow): void;
  /** The dispatcher's client of a worker: its own client id, WebSocket connected when possible. */
  clientFor(worker: WorkerRow): Promise<WorkerConnection>;
  /**
   * When the worker said a prompt started executing. Kept by the dispatcher from the moment a client
   * exists, since a fast worker starts a prompt before its submit call has even returned.
   */
  executionStart(promptId: string): Date | undefined;
  /** Whether the worker's WebSocket is open and has not reported the prompt's end: events will tell. */
  heardUntilEnd(worker: WorkerRow, promptId: string): boolean;
}

const FOLLOWED: GenerationStatus[] = ['queued', 'running'];
const LOST_PROMPT = /is no longer on ComfyUI worker/;
/** Progress is written, and pushed to the open pages, at most this often per job. */
const PROGRESS_WRITE_MS = 500;

/**
 * Runs a freshly claimed job: prepare, record the prompt id it will have, submit (`queued`), then follow
 * it to its end. The id is written before the submit, so a crash in between finds the prompt on the
 * worker instead of running it a second time; the claim wrote it already when it knew this client's id.
 * `node` is the job's workflow node as the claim read it (null: deleted since the job was queued).
 */
export async function startJob(r: JobRunner, { job, worker, node }: Claim, signal: AbortSignal) {
  const client = await r.clientFor(worker);
  const recordedByClaim = job.promptId !== null && job.comfyClientId === client.clientId;
  const promptId = recordedByClaim ? job.promptId! : randomUUID();
  let queued: QueuedPrompt;
  try {
    if (!node) throw new JobSetupError('The workflow node was deleted.');
    const setup = { db: r.db, storage: r.storage, publicUrl: r.publicUrl, client };
    const { prompt, workflow } = await preparePrompt(setup, node, job);
    if (!recordedByClaim) {
      const recorded = { promptId, comfyClientId: client.clientId };
      if (!(await transition(r.db, job.id, 'assigned', recorded))) return; // Cancelled while being prepared.
    }
    // ComfyUI writes `extra_pnginfo` into saved PNGs: a take keeps the UI workflow beside the prompt.
    const extraData = workflow ? { extra_pnginfo: { workflow } } : undefined;
    // A job cancelled while it was prepared is cancelled on the worker by queuedOn.
    queued = await client.queuePrompt(prompt, { promptId, extraData });
  } catch (error) {
    return handleFailure(r, job, 'assigned', worker, error);
  }
  await queuedOn(r, { ...job, comfyClientId: client.clientId }, worker, queued, signal);
}

/** Records a submitted prompt as `queued` (0.3.18 answers with its own id) and follows it. */
async function queuedOn(
  r: JobRunner,
  job: GenerationRow,
  worker: WorkerRow,
  queued: Pick<QueuedPrompt, 'prompt_id' | 'node_errors'>,
  signal: AbortSignal,
  adoptedAt?: Date,
) {
  const promptId = queued.prompt_id;
  const warning = leftOutWarning(queued.node_errors);
  let startWritten: Date | undefined;
  const startedAt = () => (startWritten = r.executionStart(promptId));
  if (!(await r.queued.add({ id: job.id, promptId, warning, startedAt }))) {
    // Cancelled while it was being submitted: the prompt must not run for nobody.
    const client = await r.clientFor(worker);
    await client.cancel(promptId).catch(() => {});
    return;
  }
  const status = startWritten ? 'running' : 'queued';
  await follow(r, { ...job, status, promptId, startedAt: startWritten ?? null }, worker, signal, adoptedAt);
}

/** Outputs refused by validation are left out by ComfyUI while the others run: the take says so. */
function leftOutWarning(nodeErrors: QueuedPrompt['node_errors']): string | null {
  if (Object.keys(nodeErrors).length === 0) return null;
  const refused = describePromptError({ type: '', message: '', details: '' }, nodeErrors);
  return `ComfyUI left out outputs that failed validation: ${refused}`;
}

/**
 * Resumes a job adopted after a restart: re-attach to its prompt, or queue it again. A job that was
 * being submitted is looked up on its worker first; it goes back to the queue only when its prompt
 * never arrived there.
 */
export async function resumeJob(r: JobRunner, job: GenerationRow, signal: AbortSignal) {
  await dropFilesOfLostRun(r, job);
  const [worker] = job.workerId ? await r.db.select().from(workers).where(eq(workers.id, job.workerId)) : [];
  if (!job.promptId || !worker) {
    return requeueOrFail(r, job, job.status, 'The job lost its worker before it was queued');
  }
  r.log.info(`Resuming generation ${job.id} on ${worker.label || worker.url}`);
  if (job.status !== 'assigned') return follow(r, job, worker, signal, new Date());
  let found: string | null;
  try {
    const client = await r.clientFor(worker);
    const submitted = {
      promptId: job.promptId,
      clientId: job.comfyClientId,
      filenamePrefix: outputPrefixOf(job.id),
    };
    found = await client.findSubmitted(submitted);
  } catch (error) {
    return handleFailure(r, job, 'assigned', worker, error);
  }
  if (!found) return requeueOrFail(r, job, 'assigned', 'The job was not on its worker after a restart');
  await queuedOn(r, job, worker, { prompt_id: found, node_errors: {} }, signal, new Date());
}

/**
 * The files the job's run may have stored before its server died, between writing them and recording
 * the take: an unfinished job's row records none, and its run stores them again when it resumes (or
 * another run stores its own). Every key of a job's files starts with its prefix, known from its id,
 * so nothing is written before a store for a restart to find them. A job still `assigned` was never
 * followed, so it stored nothing.
 */
async function dropFilesOfLostRun(r: JobRunner, job: GenerationRow) {
  if (job.status !== 'assigned') await dropJobFiles(r, job);
}

/** Every file stored under the job's prefix, for a job whose row records none. */
function dropJobFiles(r: JobRunner, job: GenerationRow) {
  return r.storage.deletePrefix(generationFilesPrefix(job.movieId, job.id)).catch((error: unknown) => {
    r.log.warn(`Generation ${job.id}: files its row does not record stay: ${messageOf(error)}`);
  });
}

/** `adoptedAt`: when a restarted server took the job over (it may have missed `execution_start`). */
async function follow(
  r: JobRunner,
  job: GenerationRow,
  worker: WorkerRow,
  signal: AbortSignal,
  adoptedAt?: Date,
) {
  const client = await r.clientFor(worker);
  // Written with other jobs' moves, not awaited; the job's end waits for its last one, so a page never
  // sees a take finish and then start.
  let written: Promise<unknown> = Promise.resolve();
  const move = (changes: Omit<ProgressMove, 'id'>) => {
    written = r.moves.add({ id: job.id, ...changes }).catch(() => {});
  };
  const started = r.executionStart(job.promptId!);
  // A start the queued move wrote is not written again.
  if (started && job.status !== 'running') move({ startedAt: started });
  // The first progress is written half a second into the run, as each one after: a take done sooner
  // goes from running to done with no write (and no push to the open pages) of a percentage it would
  // show for less.
  let lastWrite = started?.getTime() ?? Date.now();
  const onProgress = (event: ComfyEvent) => {
    if (event.type === 'execution_start') {
      lastWrite = Date.now();
      move({ startedAt: new Date(lastWrite) });
    } else if (
      event.type === 'progress' &&
      event.data.max > 0 &&
      Date.now() - lastWrite > PROGRESS_WRITE_MS
    ) {
      lastWrite = Date.now();
      move({ progress: Math.min(1, event.data.value / event.data.max) });
    }
  };
  try {
    // A prompt followed from its submit on an open WebSocket needs no look at /history before its end.
    const quietStart = !adoptedAt && r.heardUntilEnd(worker, job.promptId!);
    const wait = { signal, onProgress, pollMs: r.pollMs, quietStart };
    const outcome = await client.waitForPrompt(job.promptId!, wait);
    const endedAt = new Date();
    r.runEnded(job.id, worker);
    await written;
    if (outcome.status === 'interrupted') {
      // A cancel from the studio sets `cancelled` before it interrupts, so this move finds nothing to do;
      // an interrupt nobody here asked for (the worker shutting down) sends the job back to the queue.
      return requeueOrFail(r, job, FOLLOWED, `The worker ${worker.label || worker.url} interrupted the job`);
    } else if (outcome.status === 'failed') {
      if (LOST_PROMPT.test(outcome.message)) return requeueOrFail(r, job, FOLLOWED, outcome.message);
      await fail(r, job.id, FOLLOWED, outcome.message);
    } else {
      await succeed(r, job, client, outcome, { endedAt, adoptedAt });
    }
  } catch (error) {
    if (signal.aborted) return; // The server is stopping; another start resumes the job.
    await written;
    await handleFailure(r, job, FOLLOWED, worker, error);
  }
}

/**
 * The files just stored for a take that did not move to success (cancelled or deleted meanwhile): its
 * row records none of them, and a take's deletion finds its files only by what its row records.
 */
async function dropUnrecordedFiles(r: JobRunner, job: GenerationRow, output: GenerationOutputColumn) {
  const [row] = await r.db
    .select({ output: generations.output })
    .from(generations)
    .where(eq(generations.id, job.id));
  const recorded = new Set(row ? generationFileKeys({ ...job, output: row.output }) : []);
  const stored = generationFileKeys({ ...job, output }).filter((key) => !recorded.has(key));
  await Promise.all(stored.map((key) => r.storage.delete(key).catch(() => {})));
}

async function succeed(
  r: JobRunner,
  job: GenerationRow,
  client: WorkerConnection,
  outcome: Extract<PromptOutcome, { status: 'success' }>,
  timing: RunTiming,
) {
  const output = await storeGenerationOutput(r, client, job, outcome.outputs).catch(
    async (error: unknown) => {
      // Failed part way (the display image after the file, say): what it wrote is recorded nowhere.
      await dropJobFiles(r, job);
      throw error;
    },
  );
  if (!output) return fail(r, job.id, FOLLOWED, 'The workflow finished without producing an output file.');
  const history = outcome.history ?? (await client.history(job.promptId!).catch(() => null));
  // Shot and scene change with the move, in its statement (see grouped-moves.ts). Cancelled at the last
  // moment: the cancel wins (no move) and the files go now, as the row records none for its deletion.
  const moved = await r.succeeded.add({
    id: job.id,
    output,
    finishedAt: new Date(),
    gpuSeconds: executionSecondsOf(history),
    endedAt: timing.endedAt,
    adoptedAt: timing.adoptedAt ?? null,
  });
  if (!moved) await dropUnrecordedFiles(r, job, output);
}

/** When the worker's outcome arrived (before the outputs are downloaded), and when a restart adopted the job. */
interface RunTiming {
  endedAt: Date;
  adoptedAt: Date | undefined;
}

/** A worker that cannot be reached loses its jobs to the queue; anything else is the job's own failure. */
async function handleFailure(
  r: JobRunner,
  job: GenerationRow,
  from: GenerationStatus | GenerationStatus[],
  worker: WorkerRow,
  error: unknown,
) {
  if (error instanceof ComfyUnavailableError) {
    await markWorkerUnhealthy(r.db, worker.id, error);
    return requeueOrFail(r, job, from, `The worker ${worker.label || worker.url} stopped answering`);
  }
  const known = error instanceof ComfyPromptError || error instanceof JobSetupError;
  if (!known) r.log.warn(`Generation ${job.id} failed: ${messageOf(error)}`);
  await fail(r, job.id, from, messageOf(error));
}

async function requeueOrFail(
  r: JobRunner,
  job: GenerationRow,
  from: GenerationStatus | GenerationStatus[],
  reason: string,
) {
  if (job.attempts <= r.retries) {
    const moved = await transition(r.db, job.id, from, {
      status: 'pending',
      workerId: null,
      promptId: null,
      comfyClientId: null,
      warning: null,
      progress: 0,
      startedAt: null,
    });
    if (moved) r.log.warn(`Generation ${job.id} queued again: ${reason}`);
    return;
  }
  await fail(r, job.id, from, `${reason}; gave up after ${job.attempts} attempts.`);
}

function fail(r: JobRunner, id: string, from: GenerationStatus | GenerationStatus[], message: string) {
  return transition(r.db, id, from, {
    status: 'failed',
    errorMessage: message.slice(0, 4000),
    finishedAt: new Date(),
  });
}
