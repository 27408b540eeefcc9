import type { Tier } from '@cinegraph/contracts';
import { and, eq, lte, or } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { StripeConfig } from '../../config';
import type { Database } from '../../db/client';
import { paymentEvents, subscriptions, users } from '../../db/schema';
import { badRequest } from '../../http/errors';
import type { Db } from '../editor/node-rows';
import { tierOfPrice } from './tiers';

/** Subscription statuses that keep the paid tier: Stripe is still collecting, the user still has it. */
const PAID_STATUSES = new Set(['active', 'trialing', 'past_due']);

/** How far a delivery's signed time may be from the server's, either way (Stripe's own default). */
export const STRIPE_TOLERANCE_SECONDS = 300;

/**
 * The event Stripe signed, read from the request's raw body: any change to the body or a wrong secret
 * is refused (400), so nobody but Stripe can change a tier through this route. Its signed time must be
 * within 5 minutes of now both ways: the SDK bounds only the past, and a delivery dated ahead could be
 * replayed for as long as it is dated.
 */
export async function verifyStripeEvent(
  rawBody: Buffer,
  signature: string | undefined,
  secret: string,
): Promise<Stripe.Event> {
  if (!signature) throw badRequest('Missing Stripe-Signature header.');
  // The Stripe SDK loads with the first webhook, only on a server with payments configured.
  const { default: StripeSdk } = await import('stripe');
  let event: Stripe.Event;
  try {
    event = StripeSdk.webhooks.constructEvent(rawBody, signature, secret, STRIPE_TOLERANCE_SECONDS);
  } catch {
    throw badRequest('The Stripe signature does not match this request.');
  }
  const signedAt = Number(/(?:^|,)\s*t=(\d+)/.exec(signature)?.[1]);
  if (!(Math.abs(Date.now() / 1000 - signedAt) <= STRIPE_TOLERANCE_SECONDS)) {
    throw badRequest('The Stripe signature is dated more than 5 minutes from now.');
  }
  return event;
}

/**
 * Applies one webhook event, once: its id is recorded in the same transaction, so a second delivery
 * (Stripe retries, or two at once) finds it and changes nothing. Returns false for such a duplicate.
 */
export async function applyPaymentEvent(
  db: Database,
  stripe: StripeConfig,
  event: Stripe.Event,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [fresh] = await tx
      .insert(paymentEvents)
      .values({ id: event.id, type: event.type })
      .onConflictDoNothing()
      .returning({ id: paymentEvents.id });
    if (!fresh) return false;
    const at = new Date(event.created * 1000);
    switch (event.type) {
      case 'checkout.session.completed':
        await checkoutCompleted(tx, event.data.object, at);
        break;
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted':
        await subscriptionChanged(tx, stripe, event.data.object, event.type.endsWith('deleted'), at);
        break;
      case 'invoice.payment_failed':
        await paymentFailed(tx, event.data.object, at);
        break;
      default:
      // Other events are recorded and otherwise ignored.
    }
    return true;
  });
}

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);

const paidTier = (value: unknown): 'pro' | 'studio' | null =>
  value === 'pro' || value === 'studio' ? value : null;

interface SubscriptionState {
  userId: string;
  customerId: string;
  subscriptionId: string | null;
  tier: Tier;
  status: string;
}

/**
 * Writes the subscription and the user's tier, unless a newer event already did: Stripe does not
 * promise delivery in order, and an old `updated` must not undo a later `deleted`.
 */
async function saveState(tx: Db, state: SubscriptionState, at: Date): Promise<void> {
  const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, state.userId));
  if (!user) return; // A user deleted since: nothing to give the tier to.
  const values = { ...state, lastEventAt: at, updatedAt: new Date() };
  const [saved] = await tx
    .insert(subscriptions)
    .values(values)
    .onConflictDoUpdate({
      target: subscriptions.userId,
      set: { ...values, paymentFailedAt: state.status === 'active' ? null : undefined },
      setWhere: lte(subscriptions.lastEventAt, at),
    })
    .returning({ tier: subscriptions.tier });
  if (saved)
    await tx.update(users).set({ tier: saved.tier, updatedAt: new Date() }).where(eq(users.id, state.userId));
}

async function checkoutCompleted(tx: Db, session: Stripe.Checkout.Session, at: Date): Promise<void> {
  const userId = session.client_reference_id ?? session.metadata?.user_id;
  const customerId = idOf(session.customer);
  const tier = paidTier(session.metadata?.tier);
  if (session.mode !== 'subscription' || !userId || !customerId || !tier) return;
  const paid = session.payment_status === 'paid' || session.payment_status === 'no_payment_required';
  await saveState(
    tx,
    {
      userId,
      customerId,
      subscriptionId: idOf(session.subscription),
      tier: paid ? tier : 'free',
      status: paid ? 'active' : 'incomplete',
    },
    at,
  );
}

async function subscriptionChanged(
  tx: Db,
  stripe: StripeConfig,
  subscription: Stripe.Subscription,
  deleted: boolean,
  at: Date,
): Promise<void> {
  const customerId = idOf(subscription.customer);
  if (!customerId) return;
  const [known] = await tx
    .select()
    .from(subscriptions)
    .where(or(eq(subscriptions.subscriptionId, subscription.id), eq(subscriptions.customerId, customerId)));
  const userId = known?.userId ?? subscription.metadata?.user_id;
  if (!userId) return;
  const priceId = subscription.items.data[0]?.price.id;
  const tier =
    (priceId && tierOfPrice(stripe, priceId)) ||
    paidTier(subscription.metadata?.tier) ||
    known?.tier ||
    'free';
  const keeps = !deleted && PAID_STATUSES.has(subscription.status);
  await saveState(
    tx,
    {
      userId,
      customerId,
      subscriptionId: subscription.id,
      tier: keeps ? tier : 'free',
      status: deleted ? 'canceled' : subscription.status,
    },
    at,
  );
}

/**
 * A renewal that could not be charged: noted on the subscription; the tier stays while Stripe retries,
 * and its later `subscription.updated` or `deleted` takes the tier away if the retries fail.
 */
async function paymentFailed(tx: Db, invoice: Stripe.Invoice, at: Date): Promise<void> {
  const customerId = idOf(invoice.customer);
  if (!customerId) return;
  await tx
    .update(subscriptions)
    .set({ paymentFailedAt: at, updatedAt: new Date() })
    .where(and(eq(subscriptions.customerId, customerId)));
}
