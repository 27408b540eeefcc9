import { gpuUsageOf, type Tier, type TierLimits, type UserStats } from '@cinegraph/contracts';
import { count, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { movieMembers } from '../../db/schema';
import { userGenerationSummary } from '../generations/counts';
import { sharedGpuSeconds, startOfMonth, storageBytes } from './usage';
import { getUser } from './user';

const BYTES_PER_GB = 1e9;

/** The account page's figures, all read from the database: nothing is kept as a separate counter. */
export async function userStats(
  db: Database,
  tierLimits: Record<Tier, TierLimits>,
  userId: string,
): Promise<UserStats> {
  const user = await getUser(db, userId);
  const [summary, sharedThisMonth, bytes, movies] = await Promise.all([
    userGenerationSummary(db, userId),
    sharedGpuSeconds(db, userId, startOfMonth()),
    storageBytes(db, userId),
    db.select({ n: count() }).from(movieMembers).where(eq(movieMembers.userId, userId)),
  ]);
  return {
    nickname: user.nickname,
    email: user.email,
    tier: user.tier,
    gpu_usage: gpuUsageOf(summary.gpuSeconds),
    storage_usage_in_gb: Math.round((bytes / BYTES_PER_GB) * 1e6) / 1e6,
    total_movies: movies[0]?.n ?? 0,
    generations_status_count: {
      PENDING: summary.pending,
      RUNNING: summary.running,
      SUCCESS: summary.success,
      FAILED: summary.failed,
      CANCELLED: summary.cancelled,
    },
    shared_gpu_seconds_this_month: Math.round(sharedThisMonth),
    limits: tierLimits[user.tier],
  };
}
