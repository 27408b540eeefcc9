import type { WorkerBackend } from '@cinegraph/contracts';
import type { WorkerConnection } from '@cinegraph/comfy';
import { and, eq, isNull, or } from 'drizzle-orm';
import type { Database } from '../db/client';
import { workers } from '../db/schema';
import { requirePublicWorkerHost } from '../services/workers/worker-address';
import { sealWorkerKey } from '../services/workers/worker-keys';
import { cancelMovedPrompts } from './moved-prompts';
import { connectWorker } from './worker-connection';
import { recordedClasses } from './worker-classes';
import type { WorkerRow } from './worker-row';

/** Where the engine reports what it does; the server passes its logger, tests pass nothing. */
export interface EngineLog {
  info(message: string): void;
  warn(message: string): void;
}
export const SILENT_LOG: EngineLog = { info: () => {}, warn: () => {} };

/** A worker of the shared pool, from COMFYUI_URLS or the preview worker started beside the server. */
export interface SharedWorker {
  url: string;
  label: string;
  capacity?: number;
  /** False for the preview worker: it runs jobs but has no ComfyUI editor to embed. */
  servesEditor?: boolean;
  /** What runs behind the address (default ComfyUI). */
  backend?: WorkerBackend;
  /** The backend's API key (RUNPOD_API_KEY for RunPod endpoints). */
  apiKey?: string | null;
}

export interface WorkerPoolOptions {
  db: Database;
  workers: readonly SharedWorker[];
  /** How often every worker's `/system_stats` is asked (default 15 s). */
  healthIntervalMs?: number;
  /** How often a worker that is not answering is asked again, so it takes jobs soon after it is back (default 2 s). */
  recheckIntervalMs?: number;
  /** Called when a worker answers again after not answering: the dispatcher claims jobs for it at once. */
  onAvailable?: (worker: WorkerRow) => void;
  /**
   * Users' own workers may be on private addresses (USER_WORKERS_ALLOW_PRIVATE). When not, they are
   * reached only at public addresses: a name that pointed outside when it was added and points into the
   * server's own network now (DNS rebinding) fails its health check uncalled and leaves routing.
   */
  allowPrivateUserWorkers?: boolean;
  log?: EngineLog;
}

const HEALTH_TIMEOUT_MS = 5_000;

/**
 * Keeps the `workers` table current: the shared workers are upserted on start, and every worker's
 * health, version and last-seen time come from `/system_stats` on an interval, so the dispatcher only
 * assigns jobs to workers that answered recently.
 */
export class WorkerPool {
  private timer: ReturnType<typeof setInterval> | null = null;
  private recheckTimer: ReturnType<typeof setInterval> | null = null;
  private checking: Promise<void> | null = null;
  private rechecking: Promise<void> | null = null;
  private readonly log: EngineLog;

  constructor(private readonly options: WorkerPoolOptions) {
    this.log = options.log ?? SILENT_LOG;
  }

  async start(): Promise<void> {
    for (const worker of this.options.workers) await upsertSharedWorker(this.options.db, worker);
    await this.checkHealth();
    this.timer = setInterval(() => void this.checkHealth(), this.options.healthIntervalMs ?? 15_000);
    this.timer.unref();
    this.recheckTimer = setInterval(
      () => void this.recheckUnhealthy(),
      this.options.recheckIntervalMs ?? 2_000,
    );
    this.recheckTimer.unref();
  }

  /** Asks only the workers that are not answering: the first answer puts each back into routing. */
  recheckUnhealthy(): Promise<void> {
    this.rechecking ??= this.options.db
      .select()
      .from(workers)
      .where(eq(workers.healthy, false))
      .then((rows) => Promise.all(rows.map((row) => this.checkOne(row))))
      .then(() => {})
      .catch((error: unknown) => this.log.warn(`Worker pool: ${messageOf(error)}`))
      .finally(() => (this.rechecking = null));
    return this.rechecking;
  }

  /** Asks every worker for `/system_stats` at once and records the answers. */
  checkHealth(): Promise<void> {
    this.checking ??= this.checkAll().finally(() => (this.checking = null));
    return this.checking;
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    if (this.recheckTimer) clearInterval(this.recheckTimer);
    this.timer = this.recheckTimer = null;
    await this.checking;
    await this.rechecking;
  }

  private async checkAll(): Promise<void> {
    const rows = await this.options.db.select().from(workers);
    await Promise.all(rows.map((row) => this.checkOne(row)));
  }

  private async checkOne(row: WorkerRow): Promise<void> {
    const allowPrivateUserWorkers = this.options.allowPrivateUserWorkers ?? false;
    try {
      const client = connectWorker(row, { allowPrivateUserWorkers, timeoutMs: HEALTH_TIMEOUT_MS });
      // Also catches an address allowed before USER_WORKERS_ALLOW_PRIVATE was turned off.
      if (row.userId && !this.options.allowPrivateUserWorkers) await requirePublicWorkerHost(row.url);
      const health = await client.health();
      if (!row.healthy) await this.cancelMoved(row, client);
      const nodeClasses = await this.nodeClassesOf(row, client, health.version);
      await this.options.db
        .update(workers)
        .set({
          ...(nodeClasses && recordedClasses(nodeClasses)),
          healthy: true,
          lastSeenAt: new Date(),
          lastError: null,
          comfyuiVersion: health.version,
          queueDepth: health.queueDepth,
          coldStarts: health.coldStarts,
          updatedAt: new Date(),
        })
        .where(eq(workers.id, row.id));
      if (!row.healthy) this.options.onAvailable?.(row);
    } catch (error) {
      await markWorkerUnhealthy(this.options.db, row.id, error);
      if (row.healthy) this.log.warn(`Worker ${row.label || row.url} is not answering: ${messageOf(error)}`);
    }
  }

  /**
   * The node classes a ComfyUI server knows, asked when it (re)joins routing or changes version: node
   * packs are installed with a restart, which the health check sees. Undefined keeps what is recorded.
   */
  private async nodeClassesOf(
    row: WorkerRow,
    client: WorkerConnection,
    version: string | null,
  ): Promise<string[] | undefined> {
    if (row.backend !== 'comfyui') return undefined;
    if (row.healthy && row.nodeClassesDigest && version === row.comfyuiVersion) return undefined;
    try {
      return Object.keys(await client.objectInfo());
    } catch (error) {
      this.log.warn(`Worker ${row.label || row.url}: node definitions not read: ${messageOf(error)}`);
      return undefined;
    }
  }

  /** A worker answering again first loses the prompts it still holds for jobs that moved elsewhere. */
  private async cancelMoved(row: WorkerRow, client: WorkerConnection): Promise<void> {
    this.log.info(`Worker ${row.label || row.url} is available`);
    const cancelled = await cancelMovedPrompts(this.options.db, client, row.id).catch((error: unknown) => {
      this.log.warn(`Worker ${row.label || row.url}: moved prompts not cancelled: ${messageOf(error)}`);
      return 0;
    });
    if (cancelled > 0)
      this.log.info(`Worker ${row.label || row.url}: cancelled ${cancelled} moved prompt(s)`);
  }
}

export async function upsertSharedWorker(db: Database, worker: SharedWorker): Promise<WorkerRow> {
  const values = {
    url: worker.url.replace(/\/+$/, ''),
    label: worker.label,
    userId: null,
    capacity: worker.capacity ?? 1,
    // Only a ComfyUI server has an editor to embed.
    servesEditor: (worker.servesEditor ?? true) && (worker.backend ?? 'comfyui') === 'comfyui',
    backend: worker.backend ?? 'comfyui',
    apiKey: worker.apiKey ? sealWorkerKey(worker.apiKey) : null,
  };
  const [row] = await db
    .insert(workers)
    .values(values)
    .onConflictDoUpdate({ target: workers.url, set: { ...values, updatedAt: new Date() } })
    .returning();
  return row!;
}

/** Takes a worker out of routing until its next good health check. */
export async function markWorkerUnhealthy(db: Database, workerId: string, error: unknown): Promise<void> {
  await db
    .update(workers)
    .set({ healthy: false, lastError: messageOf(error).slice(0, 2000), updatedAt: new Date() })
    .where(eq(workers.id, workerId));
}

/** Healthy workers with a ComfyUI editor that the user may open: the shared pool and their own. */
export async function editorWorkers(db: Database, userId: string): Promise<WorkerRow[]> {
  return db
    .select()
    .from(workers)
    .where(
      and(
        eq(workers.healthy, true),
        eq(workers.servesEditor, true),
        or(isNull(workers.userId), eq(workers.userId, userId)),
      ),
    )
    .orderBy(workers.createdAt);
}

export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
