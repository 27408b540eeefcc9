import { ACCOUNT_MESSAGES, formatGb, TIER_NAMES } from '@cinegraph/contracts';
import { useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { useStoredUser } from '../../lib/session';
import { Button } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';
import { WorkersSection } from '../workers/WorkersSection';
import { avatarLetter, formatGpuUsage, isSubscribed } from './accountFormat';
import { GenerationCounts } from './GenerationCounts';
import { ManageSubscriptionButton } from './ManageSubscriptionButton';
import { NicknameEditor } from './NicknameEditor';
import { UpgradeDialog } from './UpgradeDialog';
import { UsageFigure } from './UsageFigure';
import { useUserStats } from './useAccount';

/** /user: the account page (the spec): nickname, tier, usage, generations, the upgrade, and the user's workers. */
export function AccountPage() {
  const { userId } = useStoredUser();
  // The router redirects signed-out visitors too; this keeps the page safe when used on its own.
  if (!userId) return <Navigate to="/" replace />;
  return (
    <main id="main" className="min-h-screen bg-neutral-950 px-4 pt-28 pb-20 text-neutral-100 sm:px-6 lg:px-8">
      <div className="mx-auto max-w-4xl">
        <header>
          <p className="text-xs font-semibold tracking-[0.2em] text-amber-400/80 uppercase">Profile</p>
          <h1 className="mt-2 text-3xl font-semibold tracking-tight text-white sm:text-4xl">Account</h1>
        </header>
        <AccountDetails userId={userId} />
        <WorkersSection />
      </div>
    </main>
  );
}

function AccountDetails({ userId }: { userId: string }) {
  const { data: stats, error, mutate } = useUserStats(userId);
  const [upgrading, setUpgrading] = useState(false);
  const [search] = useSearchParams();
  const checkout = search.get('checkout');

  if (!stats && error) {
    return (
      <p role="alert" className="mt-8 text-red-300">
        {ACCOUNT_MESSAGES.loadFailed}{' '}
        <a
          href="/user"
          className="underline"
          onClick={(event) => (event.preventDefault(), window.location.reload())}
        >
          {ACCOUNT_MESSAGES.tryAgain}
        </a>
      </p>
    );
  }
  if (!stats) {
    return (
      <div className="mt-8 flex items-center gap-3 text-neutral-400">
        <Spinner size="sm" label={ACCOUNT_MESSAGES.loading} />
        <span>{ACCOUNT_MESSAGES.loading}</span>
      </div>
    );
  }

  const hoursUsed = stats.shared_gpu_seconds_this_month / 3600;
  return (
    <>
      {checkout === 'success' && (
        <p
          role="status"
          className="mt-6 rounded-xl border border-emerald-400/20 bg-emerald-400/5 px-4 py-3 text-emerald-200"
        >
          Thank you! Your payment went through; your tier changes as soon as Stripe confirms it.
        </p>
      )}
      {checkout === 'cancelled' && (
        <p role="status" className="mt-6 rounded-xl border border-white/10 px-4 py-3 text-neutral-300">
          Checkout cancelled: nothing was charged.
        </p>
      )}

      <section
        aria-label="Profile"
        className="mt-8 flex items-center gap-5 rounded-2xl border border-white/10 bg-neutral-900/60 p-6"
      >
        <div
          aria-hidden="true"
          className="flex size-16 shrink-0 items-center justify-center rounded-full bg-amber-400 text-2xl font-semibold text-neutral-950"
        >
          {avatarLetter(stats.nickname, stats.email)}
        </div>
        <div className="min-w-0 flex-1">
          <NicknameEditor
            userId={userId}
            nickname={stats.nickname}
            onSaved={(next) => void mutate(next, { revalidate: false })}
          />
          <p className="mt-1 truncate text-sm text-neutral-400">{stats.email}</p>
        </div>
      </section>

      <section aria-labelledby="usage-heading" className="mt-8">
        <h2 id="usage-heading" className="sr-only">
          Usage
        </h2>
        <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <UsageFigure
            label="Account Tier"
            value={TIER_NAMES[stats.tier]}
            note={`${stats.limits.jobs_in_flight} jobs at once`}
          />
          <UsageFigure
            label="GPU Usage"
            value={formatGpuUsage(stats.gpu_usage)}
            note={`${Number(hoursUsed.toFixed(2))} of ${stats.limits.gpu_hours_per_month} h this month on shared workers`}
          />
          <UsageFigure
            label="Storage"
            value={formatGb(stats.storage_usage_in_gb)}
            note={`of ${formatGb(stats.limits.storage_gb)}`}
          />
          <UsageFigure label="Total Movies" value={String(stats.total_movies)} />
        </dl>
        <div className="mt-4 flex flex-wrap gap-3">
          <Button variant="primary" onClick={() => setUpgrading(true)}>
            Change Usage Tier
          </Button>
          {isSubscribed(stats.tier) && <ManageSubscriptionButton userId={userId} />}
        </div>
      </section>

      <GenerationCounts counts={stats.generations_status_count} />
      <UpgradeDialog open={upgrading} userId={userId} onClose={() => setUpgrading(false)} />
    </>
  );
}
