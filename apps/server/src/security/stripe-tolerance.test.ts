import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RecordingProvider } from '../services/payments/recording-provider';
import { signIn, type SignedInUser } from '../test/sign-in';
import { createTestApp, type TestApp } from '../test/test-app';

/**
 * Issue 24: a signed Stripe event dated 10 minutes in the future was accepted (the SDK bounds only the
 * past), so a captured delivery could be replayed for as long as it was dated ahead.
 */

const SECRET = 'whsec_tolerance_test_secret';
let t: TestApp;
let buyer: SignedInUser;

beforeAll(async () => {
  const provider = new RecordingProvider({ price_pro: { amount: 20, currency: 'usd' } });
  t = await createTestApp({
    env: { STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: SECRET, STRIPE_PRO_PRICE_ID: 'price_pro' },
    paymentProvider: provider,
  });
  buyer = await signIn(t, 'buyer@example.com');
});
afterAll(() => t.close());

let events = 0;
/** A checkout completion signed as Stripe signs it, at `offsetSeconds` from now. */
function deliver(offsetSeconds: number) {
  const payload = JSON.stringify({
    id: `evt_${++events}`,
    object: 'event',
    type: 'checkout.session.completed',
    created: Math.floor(Date.now() / 1000),
    data: {
      object: {
        id: `cs_${events}`,
        object: 'checkout.session',
        mode: 'subscription',
        client_reference_id: buyer.userId,
        customer: 'cus_buyer',
        subscription: 'sub_buyer',
        payment_status: 'paid',
        metadata: { tier: 'pro' },
      },
    },
  });
  const timestamp = Math.floor(Date.now() / 1000) + offsetSeconds;
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET, timestamp });
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/payments/stripe/webhook',
    payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
  });
}
const tier = async () =>
  (
    await t.app.inject({ url: `/api/v1/user_stats/${buyer.userId}`, headers: { cookie: buyer.cookie } })
  ).json<{
    tier: string;
  }>().tier;

describe("Stripe deliveries' signed time", () => {
  it('refuses a delivery dated 10 minutes ahead or behind, and changes no tier', async () => {
    for (const offset of [600, -600]) {
      const response = await deliver(offset);
      expect(response.statusCode, response.body).toBe(400);
    }
    expect((await deliver(600)).json()).toEqual({
      detail: 'The Stripe signature is dated more than 5 minutes from now.',
    });
    expect(await tier()).toBe('free');
  });

  it('accepts one dated within 5 minutes either way', async () => {
    const response = await deliver(120);
    expect(response.statusCode, response.body).toBe(200);
    expect(await tier()).toBe('pro');
  });
});
