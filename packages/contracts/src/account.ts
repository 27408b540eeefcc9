import { z } from 'zod';
import { Id } from './common';
import { Tier } from './user';

/** The tiers as the account page and the upgrade dialog name them. */
export const TIER_NAMES: Record<Tier, string> = { free: 'Free', pro: 'Pro', studio: 'Studio' };

/** The spec's longest nickname. */
export const NICKNAME_MAX_LENGTH = 32;

/** The account page's and upgrade dialog's messages, word for word from the spec. */
export const ACCOUNT_MESSAGES = {
  loading: 'Loading your account...',
  loadFailed: 'Failed to load user info.',
  tryAgain: 'Try again',
  anonymous: 'Anonymous',
  nicknameEmpty: 'Nickname cannot be empty',
  nicknameTooLong: `Nickname can be at most ${NICKNAME_MAX_LENGTH} characters`,
  nicknameControl: 'Nickname cannot contain control characters',
  nicknameTaken: 'This nickname is taken (nicknames are unique whatever their case). Please choose another.',
  nicknameReserved:
    'Nicknames like user-1a2b3c4d are the handles of members without a nickname. Please choose another.',
  nicknameSaveFailed: 'Failed to update nickname.',
  alreadySubscribed: 'You already have a Pro or Studio subscription!',
  noNeedToUpgrade: 'No need to upgrade further.',
  alreadySubscribedButton: 'Already Subscribed',
  processing: 'Processing...',
  upgradeNow: 'Upgrade Now',
  proNotAvailable: 'Pro tier not available',
  subscriptionLoadFailed: 'Failed to load subscription information.',
  paymentFailed: 'Failed to initiate payment. Please try again.',
  redirectFailed: 'Failed to redirect to payment page.',
  paymentsFooter: 'Payments are handled securely by Stripe. You can cancel your subscription at any time.',
} as const;

/** The shape of `defaultHandle`, kept from nicknames. */
const DEFAULT_HANDLE = /^user-[0-9a-f]{8}$/i;

/**
 * Why a nickname cannot be saved, or null when it can. Leading and trailing spaces are not part of
 * it; the spec's limit is 32 characters.
 */
export function nicknameProblem(nickname: string): string | null {
  const trimmed = nickname.trim();
  if (!trimmed) return ACCOUNT_MESSAGES.nicknameEmpty;
  if ([...trimmed].length > NICKNAME_MAX_LENGTH) return ACCOUNT_MESSAGES.nicknameTooLong;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(trimmed)) return ACCOUNT_MESSAGES.nicknameControl;
  if (DEFAULT_HANDLE.test(trimmed)) return ACCOUNT_MESSAGES.nicknameReserved;
  return null;
}

/**
 * The name shown for a member without a nickname: stable and distinct, made from the user id, and a
 * shape no one can take as a nickname, so no author can pass for another.
 */
export function defaultHandle(userId: string): string {
  return `user-${userId.replace(/-/g, '').slice(0, 8).toLowerCase()}`;
}

export const GpuUsage = /* @__PURE__ */ z.object({
  hours: /* @__PURE__ */ z.number().int(),
  minutes: /* @__PURE__ */ z.number().int(),
  seconds: /* @__PURE__ */ z.number().int(),
});
export type GpuUsage = z.infer<typeof GpuUsage>;

/** GPU seconds as the account page shows them: whole hours, minutes and seconds. */
export function gpuUsageOf(totalSeconds: number): GpuUsage {
  const whole = Math.max(0, Math.round(totalSeconds));
  return { hours: Math.floor(whole / 3600), minutes: Math.floor((whole % 3600) / 60), seconds: whole % 60 };
}

/** Gigabytes as the account page shows them: '0 GB' when none, two decimals, small amounts not as zero. */
export function formatGb(gb: number): string {
  if (gb <= 0) return '0 GB';
  if (gb >= 0.01) return `${Number(gb.toFixed(2))} GB`;
  return `${Number(gb.toPrecision(2))} GB`;
}

export const GenerationsStatusCount = /* @__PURE__ */ z.object({
  PENDING: /* @__PURE__ */ z.number().int(),
  RUNNING: /* @__PURE__ */ z.number().int(),
  SUCCESS: /* @__PURE__ */ z.number().int(),
  FAILED: /* @__PURE__ */ z.number().int(),
  CANCELLED: /* @__PURE__ */ z.number().int(),
});
export type GenerationsStatusCount = z.infer<typeof GenerationsStatusCount>;

/** What a tier allows: configuration of the server, enforced by it. */
export const TierLimits = /* @__PURE__ */ z.object({
  /** GPU hours a month on the shared workers (a user's own workers are never limited). */
  gpu_hours_per_month: /* @__PURE__ */ z.number(),
  storage_gb: /* @__PURE__ */ z.number(),
  /** Jobs queued or running at once. */
  jobs_in_flight: /* @__PURE__ */ z.number().int(),
});
export type TierLimits = z.infer<typeof TierLimits>;

/** The account page's figures (the spec's user stats), with this month's use against the tier's limits. */
export const UserStats = /* @__PURE__ */ z.object({
  nickname: /* @__PURE__ */ z.string(),
  email: /* @__PURE__ */ z.string(),
  tier: Tier,
  gpu_usage: GpuUsage,
  storage_usage_in_gb: /* @__PURE__ */ z.number(),
  total_movies: /* @__PURE__ */ z.number().int(),
  generations_status_count: GenerationsStatusCount,
  /** GPU seconds on the shared workers since the start of this month (UTC). */
  shared_gpu_seconds_this_month: /* @__PURE__ */ z.number(),
  limits: TierLimits,
});
export type UserStats = z.infer<typeof UserStats>;

export const NicknameParams = /* @__PURE__ */ z.object({ userId: Id, nickname: /* @__PURE__ */ z.string() });

export const TierSubscription = /* @__PURE__ */ z.object({
  /** Price per month, in the currency's main unit (e.g. 20 for $20.00). */
  price: /* @__PURE__ */ z.number(),
  currency: /* @__PURE__ */ z.string(),
  /** The payment provider's price id, sent back to start a checkout. */
  price_id: /* @__PURE__ */ z.string(),
});
export type TierSubscription = z.infer<typeof TierSubscription>;

export const TierInfo = /* @__PURE__ */ z.object({
  tier: Tier,
  name: /* @__PURE__ */ z.string(),
  description: /* @__PURE__ */ z.string(),
  features: /* @__PURE__ */ z.array(/* @__PURE__ */ z.string()),
  limits: TierLimits,
  /** Null when the tier cannot be bought (free, or payments not configured). */
  subscription: /* @__PURE__ */ TierSubscription.nullable(),
});
export type TierInfo = z.infer<typeof TierInfo>;

export const CheckoutSessionBody = /* @__PURE__ */ z.object({
  user_id: Id,
  price_id: /* @__PURE__ */ z.string().min(1).max(255),
});
export const CheckoutSessionResponse = /* @__PURE__ */ z.object({
  sessionId: /* @__PURE__ */ z.string(),
  url: /* @__PURE__ */ z.string(),
});
export type CheckoutSessionResponse = z.infer<typeof CheckoutSessionResponse>;

export const PortalSessionBody = /* @__PURE__ */ z.object({ user_id: Id });
export const PortalSessionResponse = /* @__PURE__ */ z.object({ url: /* @__PURE__ */ z.string() });

export const WebhookResponse = /* @__PURE__ */ z.object({
  received: /* @__PURE__ */ z.boolean(),
  duplicate: /* @__PURE__ */ z.boolean(),
});
