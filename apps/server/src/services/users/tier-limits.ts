import { formatGb, TIER_NAMES, type Tier, type TierLimits } from '@cinegraph/contracts';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import { forbidden, notFound } from '../../http/errors';
import type { Db } from '../editor/node-rows';
import {
  hasHealthyOwnWorker,
  sharedGpuSeconds,
  sharedJobsInFlight,
  startOfMonth,
  storageBytes,
} from './usage';

export type TierLimitTable = Record<Tier, TierLimits>;

const BYTES_PER_GB = 1e9;
const CHANGE_TIER = 'or change your usage tier on the account page.';

/**
 * The user's tier. `lock` takes the user's row lock for the rest of the transaction, so two requests
 * of one user are checked one after the other and cannot both pass a limit only one of them fits.
 */
export async function tierOf(db: Db, userId: string, lock: boolean): Promise<Tier> {
  const query = db.select({ tier: users.tier }).from(users).where(eq(users.id, userId));
  const [user] = lock ? await query.for('update') : await query;
  if (!user) throw notFound('User not found');
  return user.tier;
}

/**
 * Where `newJobs` more generations of the user may run, or a refusal saying why. Within the tier's
 * jobs in flight and its GPU hours of the month on the shared workers, anywhere; past them, only on the
 * user's own workers (which are never limited) when one is healthy, else they are refused. A full
 * storage refuses them in any case. Call it inside the transaction that inserts the jobs.
 */
export async function placeJobsWithinTier(
  tx: Db,
  tierLimits: TierLimitTable,
  userId: string,
  newJobs: number,
): Promise<{ ownWorkersOnly: boolean }> {
  const tier = await tierOf(tx, userId, true);
  const limits = tierLimits[tier];
  await assertStorageLeft(tx, limits, TIER_NAMES[tier], userId, 0);
  const pastShared = await sharedLimitReached(tx, limits, TIER_NAMES[tier], userId, newJobs);
  if (!pastShared) return { ownWorkersOnly: false };
  if (await hasHealthyOwnWorker(tx, userId)) return { ownWorkersOnly: true };
  throw forbidden(pastShared);
}

/** Why the jobs do not fit the tier on the shared workers, or null when they do. */
async function sharedLimitReached(
  tx: Db,
  limits: TierLimits,
  name: string,
  userId: string,
  newJobs: number,
): Promise<string | null> {
  const inFlight = await sharedJobsInFlight(tx, userId);
  if (inFlight + newJobs > limits.jobs_in_flight) {
    return (
      `The ${name} tier runs at most ${limits.jobs_in_flight} jobs at once and you have ${inFlight} ` +
      `waiting or running, so ${newJobs} more do not fit. Wait for some to finish, add a ComfyUI ` +
      `worker of your own, ${CHANGE_TIER}`
    );
  }
  const used = await sharedGpuSeconds(tx, userId, startOfMonth());
  if (used >= limits.gpu_hours_per_month * 3600) {
    return (
      `You have used the ${limits.gpu_hours_per_month} GPU hours of the ${name} tier on the shared ` +
      `workers this month. Add a ComfyUI worker of your own, wait for next month, ${CHANGE_TIER}`
    );
  }
  return null;
}

/**
 * Refuses an upload of `bytes` that would take the user's storage past the tier's. Call it inside the
 * transaction that records the upload (its reservation): the user's row lock makes uploads started at
 * once take their turns, each seeing the others' reservations.
 */
export async function assertMayStore(
  tx: Db,
  tierLimits: TierLimitTable,
  userId: string,
  bytes: number,
): Promise<void> {
  const tier = await tierOf(tx, userId, true);
  await assertStorageLeft(tx, tierLimits[tier], TIER_NAMES[tier], userId, bytes);
}

async function assertStorageLeft(
  tx: Db,
  limits: TierLimits,
  name: string,
  userId: string,
  bytes: number,
): Promise<void> {
  const used = await storageBytes(tx, userId, true);
  const allowed = limits.storage_gb * BYTES_PER_GB;
  const usage = `the ${name} tier keeps ${formatGb(limits.storage_gb)} and you use ${gb(used)}`;
  const remedy = `Delete files or takes you no longer need, ${CHANGE_TIER}`;
  // Generating needs some room left; an upload needs room for itself.
  if (bytes === 0 && used >= allowed) throw forbidden(`Your storage is full: ${usage}. ${remedy}`);
  if (bytes > 0 && used + bytes > allowed) {
    throw forbidden(`This file (${gb(bytes)}) does not fit in your storage: ${usage}. ${remedy}`);
  }
}

function gb(bytes: number): string {
  return formatGb(bytes / BYTES_PER_GB);
}
