import { endpoints } from '@cinegraph/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { notFound } from '../../http/errors';
import { route } from '../../http/route';
import { createCheckout, createPortal, type Payments } from '../../services/payments/checkout';
import { tierCatalog } from '../../services/payments/tiers';
import { applyPaymentEvent, verifyStripeEvent } from '../../services/payments/webhook';

/** The usage tiers, Stripe Checkout and the Customer Portal, and Stripe's webhook. */
export function paymentRoutes(deps: AppDeps) {
  const { db, config } = deps;
  return async (app: FastifyInstance) => {
    // The Stripe SDK loads only on a server with payments configured.
    const stripe = config.stripe && (await import('../../services/payments/stripe-provider'));
    const payments: Payments = {
      config,
      provider:
        deps.paymentProvider ?? (config.stripe && stripe ? stripe.stripeProvider(config.stripe) : undefined),
    };
    const catalog = tierCatalog(config.tierLimits, config.stripe, payments.provider, (priceId, error) =>
      app.log.error({ err: error, priceId }, 'could not read a tier price from Stripe'),
    );

    route(app, endpoints.tiersInfo, () => catalog.list());

    route(app, endpoints.createCheckoutSession, async ({ body }) =>
      createCheckout(db, payments, body.user_id, body.price_id),
    );

    route(app, endpoints.createPortalSession, async ({ body }) => createPortal(db, payments, body.user_id));

    // Stripe signs the body byte for byte: this route alone keeps JSON bodies raw.
    await app.register(async (webhook) => {
      webhook.removeContentTypeParser('application/json');
      webhook.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
        done(null, body),
      );
      route(webhook, endpoints.stripeWebhook, async ({ request }) => {
        if (!config.stripe) throw notFound('Payments are not configured on this server.');
        const signature = request.headers['stripe-signature'];
        const event = await verifyStripeEvent(
          Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
          typeof signature === 'string' ? signature : undefined,
          config.stripe.webhookSecret,
        );
        const applied = await applyPaymentEvent(db, config.stripe, event);
        return { received: true, duplicate: !applied };
      });
    });
  };
}
