import { ACCOUNT_MESSAGES, type CheckoutSessionResponse } from '@cinegraph/contracts';
import { eq } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { subscriptions } from '../../db/schema';
import { badRequest, conflict, HttpError, notFound } from '../../http/errors';
import { getUser } from '../users/user';
import type { PaymentProvider } from './payment-provider';
import { tierOfPrice } from './tiers';

export interface Payments {
  config: Config;
  provider: PaymentProvider | undefined;
}

const notConfigured = () => new HttpError(503, 'Payments are not available on this server.');

/** The provider's failure, told as the provider's; the dialog shows its own message. */
function providerFailed(error: unknown): HttpError {
  const message = error instanceof Error ? error.message : String(error);
  return new HttpError(502, `The payment provider refused: ${message}`);
}

/**
 * Starts a subscription Checkout for a price of a paid tier. A user already on pro or studio changes
 * plan in the Customer Portal instead.
 */
export async function createCheckout(
  db: Database,
  { config, provider }: Payments,
  userId: string,
  priceId: string,
): Promise<CheckoutSessionResponse> {
  if (!config.stripe || !provider) throw notConfigured();
  const tier = tierOfPrice(config.stripe, priceId);
  if (!tier) throw badRequest('This price is not one of the tiers on sale.');
  const user = await getUser(db, userId);
  if (user.tier !== 'free') throw conflict(ACCOUNT_MESSAGES.alreadySubscribed);
  const [existing] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  const session = await provider
    .createCheckoutSession({
      priceId,
      tier,
      userId,
      email: user.email,
      customerId: existing?.customerId ?? null,
      successUrl: `${config.publicUrl}/user?checkout=success`,
      cancelUrl: `${config.publicUrl}/user?checkout=cancelled`,
    })
    .catch((error: unknown) => {
      throw providerFailed(error);
    });
  if (!session.url) throw new HttpError(502, 'The payment provider gave no payment page.');
  return { sessionId: session.id, url: session.url };
}

/** A Customer Portal session where the user changes or cancels their subscription. */
export async function createPortal(
  db: Database,
  { config, provider }: Payments,
  userId: string,
): Promise<{ url: string }> {
  if (!config.stripe || !provider) throw notConfigured();
  const [existing] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  if (!existing) throw notFound('You have no subscription to manage.');
  return provider
    .createPortalSession({ customerId: existing.customerId, returnUrl: `${config.publicUrl}/user` })
    .catch((error: unknown) => {
      throw providerFailed(error);
    });
}
