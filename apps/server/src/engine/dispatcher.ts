import { setMaxListeners } from 'node:events';
import { ComfyClient, type ComfyEvent, type WorkerConnection } from '@cinegraph/comfy';
import type { Database } from '../db/client';
import { workerTransport } from '../services/workers/public-transport';
import type { Storage } from '../storage/storage';
import { adoptStaleGenerations, claimForFreeSlots, renewLeases, type ClaimRound } from './claim';
import { queuedMoves, succeededMoves } from './grouped-moves';
import { progressMoves } from './progress-moves';
import { QueueStatistics } from './queue-statistics';
import { resumeJob, startJob, type JobRunner } from './run-job';
import { explainWaitingJobs } from './waiting-jobs';
import { connectWorker } from './worker-connection';
import { comfyApiOutputBucket, type ComfyApiOutputs } from './comfyui-api-outputs';
import { messageOf, SILENT_LOG, type EngineLog } from './worker-pool';
import type { WorkerRow } from './worker-row';

export interface DispatcherOptions {
  db: Database;
  storage: Storage;
  publicUrl: string;
  /** How often pending jobs are claimed (DISPATCH_INTERVAL_MS, default 1 s). */
  intervalMs?: number;
  /** WORKER_FILE_MAX_BYTES (default 2 GiB). */
  maxOutputBytes?: number;
  /** JOB_RETRIES (default 2). */
  retries?: number;
  /** `/history` polling while following a prompt (default 1 s). */
  pollMs?: number;
  /** An unfinished job nobody renewed for this long is adopted (default 30 s). */
  staleMs?: number;
  /**
   * Adopt every unfinished job at the first tick, without waiting for leases to go stale: right when
   * this is the only server on the database (PGlite is single-process), so no live tracker exists.
   */
  resumeAllOnStart?: boolean;
  /** USER_WORKERS_ALLOW_PRIVATE: users' own workers may be reached at private addresses. */
  allowPrivateUserWorkers?: boolean;
  /** comfyui-api uploads outputs to the studio's S3 bucket here (COMFYUI_API_S3_PREFIX). */
  comfyApiOutputs?: ComfyApiOutputs;
  /** COMFYUI_API_LOST_AFTER_S in milliseconds (see ComfyApiWorkerOptions.lostAfterMs). */
  comfyApiLostAfterMs?: number;
  log?: EngineLog;
}

/** Jobs taken by one claim statement; a claim repeats while it fills a whole batch. */
const CLAIM_BATCH = 50;
/** Start times kept for prompts still being followed; far more than any worker runs at once. */
const MAX_REMEMBERED_STARTS = 10_000;
/** Waiting for a worker's WebSocket before the first submit, so `execution_start` is not missed. */
const CONNECT_WAIT_MS = 2_000;

/**
 * The loop that turns pending generations into takes. Every tick it adopts jobs whose tracker died
 * (restart), claims pending jobs for free workers and follows each to its end. It holds no state the
 * database does not have: any number of dispatchers may run on one PostgreSQL.
 */
export class Dispatcher {
  private timer: ReturnType<typeof setInterval> | null = null;
  private ticking: Promise<void> | null = null;
  private claiming: Promise<void> | null = null;
  private claimAgain = false;
  /** The last claim left free slots empty: pending jobs may be waiting for a worker none of them is. */
  private slotsIdle = false;
  private lastRenewal = 0;
  private firstTick = true;
  private readonly active = new Map<string, Promise<void>>();
  private readonly clients = new Map<string, Promise<WorkerConnection>>();
  /**
   * Jobs whose run ended on their worker while their outputs are stored: job id -> worker id. Their
   * slots are free, which the database does not know until their move is written.
   */
  private readonly storing = new Map<string, string>();
  /** The client id of each worker's client, known as soon as the client is made (see ClientIdOf). */
  private readonly clientIds = new Map<string, string>();
  /** Prompt id -> when its worker reported `execution_start` (bounded; see MAX_REMEMBERED_STARTS). */
  private readonly started = new Map<string, Date>();
  /** Prompt ids whose end a worker's WebSocket reported (bounded the same way). */
  private readonly ended = new Map<string, true>();
  /** The ComfyUI clients, once connected or given up on: whether their WebSocket is open now. */
  private readonly connected = new Map<string, ComfyClient>();
  private readonly abort = new AbortController();
  private readonly runner: JobRunner;
  private readonly staleMs: number;
  private readonly statistics: QueueStatistics;

  constructor(private readonly options: DispatcherOptions) {
    this.staleMs = options.staleMs ?? 30_000;
    this.statistics = new QueueStatistics(options.db);
    // Every followed job listens to this one signal: as many listeners as jobs in progress.
    setMaxListeners(0, this.abort.signal);
    this.runner = {
      db: options.db,
      storage: options.storage,
      publicUrl: options.publicUrl,
      maxOutputBytes: options.maxOutputBytes,
      retries: options.retries ?? 2,
      pollMs: options.pollMs ?? 1_000,
      log: options.log ?? SILENT_LOG,
      moves: progressMoves(options.db),
      queued: queuedMoves(options.db),
      succeeded: succeededMoves(options.db),
      clientFor: (worker) => this.clientFor(worker),
      runEnded: (jobId, worker) => {
        if (this.storing.has(jobId)) return;
        this.storing.set(jobId, worker.id);
        // Its worker may take the next job while the outputs download.
        if (!this.abort.signal.aborted) void this.claim();
      },
      executionStart: (promptId) => this.started.get(promptId),
      heardUntilEnd: (worker, promptId) => {
        const client = this.connected.get(worker.url);
        return client !== undefined && client.connected && !this.ended.has(promptId);
      },
    };
  }

  start(): void {
    if (this.timer) return;
    void this.tick();
    this.timer = setInterval(() => void this.tick(), this.options.intervalMs ?? 1_000);
    this.timer.unref();
  }

  /** One pass of the loop (also called by tests to go faster than the interval). */
  tick(): Promise<void> {
    this.ticking ??= this.runTick()
      .catch((error: unknown) => this.runner.log.warn(`Dispatcher: ${messageOf(error)}`))
      .finally(() => (this.ticking = null));
    return this.ticking;
  }

  /** Jobs this dispatcher follows right now. */
  get activeCount(): number {
    return this.active.size;
  }

  /**
   * Stops claiming and stops following (without changing any status): a restarted server, or another
   * one, adopts the unfinished jobs once their lease goes stale.
   */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.abort.abort(new Error('The dispatcher is stopping'));
    await this.ticking;
    await this.claiming;
    await Promise.allSettled(this.active.values());
    for (const client of this.clients.values()) void client.then((c) => c.disconnect());
    this.clients.clear();
    this.clientIds.clear();
    this.connected.clear();
  }

  private async runTick(): Promise<void> {
    if (this.abort.signal.aborted) return;
    const { db } = this.options;
    if (Date.now() - this.lastRenewal > this.staleMs / 3) {
      this.lastRenewal = Date.now();
      await renewLeases(db, [...this.active.keys()]);
    }
    const staleMs = this.firstTick && this.options.resumeAllOnStart ? 0 : this.staleMs;
    this.firstTick = false;
    for (const job of await adoptStaleGenerations(db, staleMs, [...this.active.keys()])) {
      this.follow(job.id, resumeJob(this.runner, job, this.abort.signal));
    }
    await this.claim();
    if (this.slotsIdle) await explainWaitingJobs(db);
    await this.statistics.refreshIfStale();
  }

  /**
   * Claims pending jobs for every free slot. Calls made while a claim runs are folded into one more
   * pass after it, so the many jobs finishing at one moment cost one claim, not one each.
   */
  private claim(): Promise<void> {
    if (this.claiming) {
      this.claimAgain = true;
      return this.claiming;
    }
    this.claiming = this.claimWhileFree()
      .catch((error: unknown) => this.runner.log.warn(`Dispatcher: ${messageOf(error)}`))
      .finally(() => (this.claiming = null));
    return this.claiming;
  }

  private async claimWhileFree(): Promise<void> {
    const { db } = this.options;
    do {
      this.claimAgain = false;
      let round: ClaimRound;
      do {
        if (this.abort.signal.aborted) return;
        round = await claimForFreeSlots(db, CLAIM_BATCH, {
          clientIdOf: (worker) => this.clientIds.get(worker.url),
          ended: [...this.storing.keys()],
        });
        this.statistics.jobsMoved(round.claims.length);
        for (const claim of round.claims) {
          this.follow(claim.job.id, startJob(this.runner, claim, this.abort.signal));
        }
      } while (round.claims.length === CLAIM_BATCH);
      this.slotsIdle = round.idleSlots > 0;
    } while (this.claimAgain);
  }

  private follow(id: string, run: Promise<void>): void {
    const tracked = run
      .catch((error: unknown) => this.runner.log.warn(`Generation ${id}: ${messageOf(error)}`))
      .finally(() => {
        this.active.delete(id);
        this.statistics.jobsMoved(1);
        // A job whose run ended on its worker gave its slot to the next job then (see runEnded).
        const slotGiven = this.storing.delete(id);
        // A slot is free: claim the next job now rather than at the next tick.
        if (!slotGiven && !this.abort.signal.aborted) void this.claim();
      });
    this.active.set(id, tracked);
  }

  private clientFor(worker: WorkerRow): Promise<WorkerConnection> {
    let client = this.clients.get(worker.url);
    if (!client && worker.backend !== 'comfyui') {
      const allowPrivateUserWorkers = this.options.allowPrivateUserWorkers ?? false;
      const publicUrl = this.options.publicUrl;
      const { db, storage, comfyApiOutputs, comfyApiLostAfterMs } = this.options;
      const outputBucket = comfyApiOutputs && comfyApiOutputBucket(storage, comfyApiOutputs);
      const connect = { allowPrivateUserWorkers, publicUrl, db, storage, outputBucket, comfyApiLostAfterMs };
      const connection = connectWorker(worker, connect);
      this.clientIds.set(worker.url, connection.clientId);
      client = Promise.resolve(connection);
      this.clients.set(worker.url, client);
    }
    if (!client) {
      const created = new ComfyClient({
        baseUrl: worker.url,
        ...workerTransport(worker, this.options.allowPrivateUserWorkers ?? false),
      });
      this.clientIds.set(worker.url, created.clientId);
      created.on((event) => {
        const ended = endedPromptOf(event);
        if (ended) remember(this.ended, ended, true);
        if (event.type === 'execution_start') remember(this.started, event.data.prompt_id, new Date());
      });
      const connected = created.connect().catch(() => {
        // No WebSocket: prompts are followed through `/history` alone.
      });
      const timeout = new Promise<void>((resolve) => setTimeout(resolve, CONNECT_WAIT_MS).unref());
      client = Promise.race([connected, timeout]).then(() => {
        this.connected.set(worker.url, created);
        return created;
      });
      this.clients.set(worker.url, client);
    }
    return client;
  }
}

/** The prompt whose run a WebSocket event ends, if it ends one. */
function endedPromptOf(event: ComfyEvent): string | null {
  switch (event.type) {
    case 'execution_success':
    case 'execution_error':
    case 'execution_interrupted':
      return event.data.prompt_id;
    case 'executing':
      return event.data.node === null ? (event.data.prompt_id ?? null) : null;
    default:
      return null;
  }
}

/** Keeps the newest MAX_REMEMBERED_STARTS entries. */
function remember<T>(map: Map<string, T>, key: string, value: T): void {
  map.set(key, value);
  const oldest = map.keys().next();
  if (map.size > MAX_REMEMBERED_STARTS && !oldest.done) map.delete(oldest.value);
}
