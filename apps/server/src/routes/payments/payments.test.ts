import type { TierInfo, UserStats } from '@cinegraph/contracts';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptions } from '../../db/schema';
import { RecordingProvider } from '../../services/payments/recording-provider';
import { signIn, type SignedInUser } from '../../test/sign-in';
import { createTestApp, type TestApp } from '../../test/test-app';

const SECRET = 'whsec_test_secret_for_cinegraph';
const STRIPE_ENV = {
  STRIPE_SECRET_KEY: 'sk_test_never_sent_anywhere',
  STRIPE_WEBHOOK_SECRET: SECRET,
  STRIPE_PRO_PRICE_ID: 'price_pro_monthly',
  STRIPE_STUDIO_PRICE_ID: 'price_studio_monthly',
};

let t: TestApp;
let bare: TestApp;
let provider: RecordingProvider;
let ana: SignedInUser;
let ben: SignedInUser;

beforeAll(async () => {
  provider = new RecordingProvider({
    price_pro_monthly: { amount: 20, currency: 'usd' },
    price_studio_monthly: { amount: 80, currency: 'usd' },
  });
  t = await createTestApp({ env: STRIPE_ENV, paymentProvider: provider });
  bare = await createTestApp();
  ana = await signIn(t, 'ana@example.com');
  ben = await signIn(t, 'ben@example.com');
});
afterAll(async () => {
  await t.close();
  await bare.close();
});

const call = (
  app: TestApp,
  user: SignedInUser | null,
  method: 'GET' | 'POST',
  url: string,
  payload?: object,
) => app.app.inject({ method, url: `/api/v1${url}`, payload, headers: user ? { cookie: user.cookie } : {} });

async function tierOf(user: SignedInUser): Promise<string> {
  return (await call(t, user, 'GET', `/user_stats/${user.userId}`)).json<UserStats>().tier;
}

let eventCount = 0;
/** A Stripe event as Stripe delivers it, `created` seconds after a fixed start. */
function stripeEvent(type: string, object: object, created: number, id = `evt_${++eventCount}`) {
  return JSON.stringify({ id, object: 'event', type, created: 1_800_000_000 + created, data: { object } });
}

/** Delivers a payload signed the way Stripe signs it (the SDK's own test header). */
function deliver(payload: string, secret = SECRET, app = t) {
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
  return app.app.inject({
    method: 'POST',
    url: '/api/v1/payments/stripe/webhook',
    payload,
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
  });
}

const checkoutCompleted = (user: SignedInUser, customer: string, tier = 'pro') => ({
  id: `cs_${customer}`,
  object: 'checkout.session',
  mode: 'subscription',
  client_reference_id: user.userId,
  customer,
  subscription: `sub_${customer}`,
  payment_status: 'paid',
  metadata: { user_id: user.userId, tier },
});

const subscription = (customer: string, status: string, price: string) => ({
  id: `sub_${customer}`,
  object: 'subscription',
  customer,
  status,
  metadata: {},
  items: { object: 'list', data: [{ id: 'si_1', price: { id: price } }] },
});

describe('the tiers', () => {
  it('lists free, pro and studio with their limits; without Stripe none has a subscription', async () => {
    const tiers = (await call(bare, await signIn(bare, 'x@example.com'), 'GET', '/payments/tiers_info')).json<
      TierInfo[]
    >();
    expect(tiers.map((tier) => [tier.tier, tier.name, tier.subscription])).toEqual([
      ['free', 'Free', null],
      ['pro', 'Pro', null],
      ['studio', 'Studio', null],
    ]);
    expect(tiers[1]!.limits).toEqual(bare.config.tierLimits.pro);
    expect(tiers[1]!.features).toContain('30 GPU hours a month on the shared workers');
    expect(tiers[0]!.features).toContain('Your own ComfyUI workers, never limited');
  });

  it("gives pro and studio Stripe's monthly price and price id when configured, read once", async () => {
    const first = (await call(t, ana, 'GET', '/payments/tiers_info')).json<TierInfo[]>();
    expect(first.map((tier) => tier.subscription)).toEqual([
      null,
      { price: 20, currency: 'usd', price_id: 'price_pro_monthly' },
      { price: 80, currency: 'usd', price_id: 'price_studio_monthly' },
    ]);
    await call(t, ben, 'GET', '/payments/tiers_info');
    expect(provider.priceLookups).toBe(2);
    expect((await call(t, null, 'GET', '/payments/tiers_info')).statusCode).toBe(401);
  });
});

describe('Stripe Checkout', () => {
  it('starts a subscription checkout for the pro price and returns its session id and URL', async () => {
    const response = await call(t, ana, 'POST', '/payments/stripe/create_checkout_session', {
      user_id: ana.userId,
      price_id: 'price_pro_monthly',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      sessionId: 'cs_test_1',
      url: 'https://checkout.stripe.test/c/pay/cs_test_1',
    });
    expect(provider.checkouts[0]).toEqual({
      priceId: 'price_pro_monthly',
      tier: 'pro',
      userId: ana.userId,
      email: 'ana@example.com',
      customerId: null,
      successUrl: 'http://localhost:3000/user?checkout=success',
      cancelUrl: 'http://localhost:3000/user?checkout=cancelled',
    });
  });

  it("refuses another user's checkout, a price that is not on sale, and any checkout without Stripe", async () => {
    const forOther = await call(t, ben, 'POST', '/payments/stripe/create_checkout_session', {
      user_id: ana.userId,
      price_id: 'price_pro_monthly',
    });
    expect(forOther.statusCode).toBe(403);
    const unknown = await call(t, ana, 'POST', '/payments/stripe/create_checkout_session', {
      user_id: ana.userId,
      price_id: 'price_something_else',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ detail: 'This price is not one of the tiers on sale.' });
    const user = await signIn(bare, 'y@example.com');
    const off = await call(bare, user, 'POST', '/payments/stripe/create_checkout_session', {
      user_id: user.userId,
      price_id: 'price_pro_monthly',
    });
    expect(off.statusCode).toBe(503);
    expect(provider.checkouts).toHaveLength(1);
  });

  it("tells Stripe's refusal as a 502", async () => {
    provider.failWith = 'Invalid API Key provided';
    const response = await call(t, ben, 'POST', '/payments/stripe/create_checkout_session', {
      user_id: ben.userId,
      price_id: 'price_pro_monthly',
    });
    provider.failWith = null;
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({ detail: 'The payment provider refused: Invalid API Key provided' });
  });
});

describe("Stripe's webhook", () => {
  it('refuses a wrong signature, a missing one and a body changed after signing; nothing changes', async () => {
    const payload = stripeEvent('checkout.session.completed', checkoutCompleted(ana, 'cus_forged'), 1);
    const wrong = await deliver(payload, 'whsec_someone_else');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ detail: 'The Stripe signature does not match this request.' });

    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payments/stripe/webhook',
      payload,
      headers: { 'content-type': 'application/json' },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ detail: 'Missing Stripe-Signature header.' });

    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET });
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payments/stripe/webhook',
      payload: payload.replace('"paid"', '"paid" '),
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    });
    expect(changed.statusCode).toBe(400);
    expect(await tierOf(ana)).toBe('free');
    expect(await t.db.select().from(subscriptions)).toHaveLength(0);
  });

  it('gives the tier when the checkout completes, once: the same event again changes nothing', async () => {
    const completed = stripeEvent('checkout.session.completed', checkoutCompleted(ana, 'cus_ana'), 10);
    const first = await deliver(completed);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ received: true, duplicate: false });
    expect(await tierOf(ana)).toBe('pro');

    // Cancelled in the portal, then Stripe delivers the old completion again: still free.
    const deleted = await deliver(
      stripeEvent(
        'customer.subscription.deleted',
        subscription('cus_ana', 'canceled', 'price_pro_monthly'),
        20,
      ),
    );
    expect(deleted.statusCode).toBe(200);
    expect(await tierOf(ana)).toBe('free');
    const again = await deliver(completed);
    expect(again.json()).toEqual({ received: true, duplicate: true });
    expect(await tierOf(ana)).toBe('free');
  });

  it('follows subscription updates (plan change, unpaid), ignoring an older one delivered late', async () => {
    await deliver(stripeEvent('checkout.session.completed', checkoutCompleted(ben, 'cus_ben'), 100));
    expect(await tierOf(ben)).toBe('pro');
    await deliver(
      stripeEvent(
        'customer.subscription.updated',
        subscription('cus_ben', 'active', 'price_studio_monthly'),
        110,
      ),
    );
    expect(await tierOf(ben)).toBe('studio');
    // An update from before the plan change arrives late: it does not undo it.
    await deliver(
      stripeEvent(
        'customer.subscription.updated',
        subscription('cus_ben', 'active', 'price_pro_monthly'),
        105,
      ),
    );
    expect(await tierOf(ben)).toBe('studio');
    await deliver(
      stripeEvent(
        'customer.subscription.updated',
        subscription('cus_ben', 'past_due', 'price_studio_monthly'),
        120,
      ),
    );
    expect(await tierOf(ben)).toBe('studio');
    await deliver(
      stripeEvent(
        'customer.subscription.updated',
        subscription('cus_ben', 'unpaid', 'price_studio_monthly'),
        130,
      ),
    );
    expect(await tierOf(ben)).toBe('free');
  });

  it('notes a failed renewal payment and keeps the tier while Stripe retries', async () => {
    const cara = await signIn(t, 'cara@example.com');
    await deliver(stripeEvent('checkout.session.completed', checkoutCompleted(cara, 'cus_cara'), 200));
    const failed = await deliver(
      stripeEvent('invoice.payment_failed', { id: 'in_1', object: 'invoice', customer: 'cus_cara' }, 210),
    );
    expect(failed.statusCode).toBe(200);
    const [row] = await t.db.select().from(subscriptions).where(eq(subscriptions.customerId, 'cus_cara'));
    expect(row!.paymentFailedAt?.getTime()).toBe((1_800_000_000 + 210) * 1000);
    expect(await tierOf(cara)).toBe('pro');

    // A paid tier buys no second subscription: the portal changes it.
    const again = await call(t, cara, 'POST', '/payments/stripe/create_checkout_session', {
      user_id: cara.userId,
      price_id: 'price_studio_monthly',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: 'You already have a Pro or Studio subscription!' });
  });

  it('answers 404 on a server without Stripe', async () => {
    const response = await deliver(stripeEvent('checkout.session.completed', {}, 1), SECRET, bare);
    expect(response.statusCode).toBe(404);
  });
});

describe('the Customer Portal', () => {
  it("opens the portal for the user's Stripe customer, and refuses users without one or for another user", async () => {
    const response = await call(t, ana, 'POST', '/payments/stripe/create_portal_session', {
      user_id: ana.userId,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ url: 'https://billing.stripe.test/p/session/cus_ana' });
    expect(provider.portals).toEqual([{ customerId: 'cus_ana', returnUrl: 'http://localhost:3000/user' }]);

    const dan = await signIn(t, 'dan@example.com');
    const none = await call(t, dan, 'POST', '/payments/stripe/create_portal_session', {
      user_id: dan.userId,
    });
    expect(none.statusCode).toBe(404);
    expect(none.json()).toEqual({ detail: 'You have no subscription to manage.' });
    const other = await call(t, dan, 'POST', '/payments/stripe/create_portal_session', {
      user_id: ana.userId,
    });
    expect(other.statusCode).toBe(403);
  });

  it('reuses the Stripe customer when a former subscriber checks out again', async () => {
    await call(t, ana, 'POST', '/payments/stripe/create_checkout_session', {
      user_id: ana.userId,
      price_id: 'price_pro_monthly',
    });
    expect(provider.checkouts.at(-1)?.customerId).toBe('cus_ana');
  });
});
