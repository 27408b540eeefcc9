import {
  TIER_NAMES,
  type Tier,
  type TierInfo,
  type TierLimits,
  type TierSubscription,
} from '@cinegraph/contracts';
import type { StripeConfig } from '../../config';
import type { TierLimitTable } from '../users/tier-limits';
import type { PaymentProvider } from './payment-provider';

/** A price changes rarely; reading it once in a while keeps the dialog fast and Stripe's API quiet. */
const PRICE_TTL_MS = 10 * 60_000;
/** A price the provider could not give is asked for again sooner. */
const FAILED_PRICE_TTL_MS = 60_000;

const DESCRIPTIONS: Record<Tier, string> = {
  free: 'Write, plan and try your movie on the shared workers.',
  pro: 'For filmmakers who generate every night: more GPU hours and room for takes.',
  studio: 'For teams and long productions: the most GPU hours and storage.',
};

/** The tier's limits in the words the upgrade dialog lists them. */
export function featuresOf(limits: TierLimits): string[] {
  return [
    `${limits.gpu_hours_per_month} GPU hours a month on the shared workers`,
    `${limits.storage_gb} GB of storage for uploads and takes`,
    `${limits.jobs_in_flight} jobs waiting or running at once`,
    'Your own ComfyUI workers, never limited',
  ];
}

/** The price id each paid tier is sold at, when payments are configured. */
export function priceIdsOf(stripe: StripeConfig | undefined): Partial<Record<Tier, string>> {
  if (!stripe) return {};
  return { pro: stripe.proPriceId, ...(stripe.studioPriceId && { studio: stripe.studioPriceId }) };
}

/** The tier a configured price id sells, or null for any other price. */
export function tierOfPrice(stripe: StripeConfig | undefined, priceId: string): 'pro' | 'studio' | null {
  const ids = priceIdsOf(stripe);
  if (ids.pro === priceId) return 'pro';
  if (ids.studio === priceId) return 'studio';
  return null;
}

export interface TierCatalog {
  list(): Promise<TierInfo[]>;
}

/**
 * The tiers with their limits and, where sold, their monthly price read from the provider. A price
 * the provider cannot give leaves its tier without a subscription (the dialog then says the tier is
 * not available) rather than failing the whole list.
 */
export function tierCatalog(
  tierLimits: TierLimitTable,
  stripe: StripeConfig | undefined,
  provider: PaymentProvider | undefined,
  onPriceError: (priceId: string, error: unknown) => void,
): TierCatalog {
  const cache = new Map<string, { until: number; subscription: TierSubscription | null }>();
  async function subscriptionOf(priceId: string | undefined): Promise<TierSubscription | null> {
    if (!priceId || !provider) return null;
    const cached = cache.get(priceId);
    if (cached && Date.now() < cached.until) return cached.subscription;
    let subscription: TierSubscription | null = null;
    try {
      const price = await provider.monthlyPrice(priceId);
      subscription = { price: price.amount, currency: price.currency, price_id: priceId };
    } catch (error) {
      onPriceError(priceId, error);
    }
    cache.set(priceId, {
      until: Date.now() + (subscription ? PRICE_TTL_MS : FAILED_PRICE_TTL_MS),
      subscription,
    });
    return subscription;
  }
  return {
    async list() {
      const ids = priceIdsOf(stripe);
      const tiers: Tier[] = ['free', 'pro', 'studio'];
      return Promise.all(
        tiers.map(async (tier) => ({
          tier,
          name: TIER_NAMES[tier],
          description: DESCRIPTIONS[tier],
          features: featuresOf(tierLimits[tier]),
          limits: tierLimits[tier],
          subscription: await subscriptionOf(ids[tier]),
        })),
      );
    },
  };
}
