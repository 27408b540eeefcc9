import type { GpuUsage, TierInfo, TierSubscription } from '@cinegraph/contracts';

/** GPU usage as the spec shows it: 'Xh Ym Zs'. */
export function formatGpuUsage({ hours, minutes, seconds }: GpuUsage): string {
  return `${hours}h ${minutes}m ${seconds}s`;
}

/** The letter of the avatar: the nickname's first, else the email's, else A for Anonymous. */
export function avatarLetter(nickname: string, email: string): string {
  const first = [...(nickname.trim() || email.trim() || 'A')][0]!;
  return first.toUpperCase();
}

/** A monthly price such as '$20 / month' (two decimals only when there are cents). */
export function formatMonthlyPrice({ price, currency }: TierSubscription): string {
  const amount = new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: currency.toUpperCase(),
    minimumFractionDigits: Number.isInteger(price) ? 0 : 2,
  }).format(price);
  return `${amount} / month`;
}

/** The spec's pick: the tier named pro (with or without a subscription; the dialog tells which). */
export function proTierOf(tiers: TierInfo[]): TierInfo | undefined {
  return tiers.find((tier) => tier.tier === 'pro');
}

/** Pro and studio users are treated as already subscribed (the spec). */
export function isSubscribed(tier: string): boolean {
  return tier === 'pro' || tier === 'studio';
}
