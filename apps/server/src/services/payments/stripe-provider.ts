import Stripe from 'stripe';
import type { StripeConfig } from '../../config';
import type { PaymentProvider } from './payment-provider';

/** Stripe's API through its SDK: subscription Checkout, the Customer Portal and price lookups. */
export function stripeProvider(config: StripeConfig): PaymentProvider {
  const api = config.apiUrl ? new URL(config.apiUrl) : undefined;
  const stripe = new Stripe(config.secretKey, {
    maxNetworkRetries: 1,
    timeout: 20_000,
    ...(api && {
      host: api.hostname,
      port: api.port || (api.protocol === 'https:' ? 443 : 80),
      protocol: api.protocol === 'https:' ? 'https' : 'http',
    }),
  });
  return {
    async createCheckoutSession(request) {
      // The user and tier ride along on the session and on the subscription, so every later event
      // about either names them without another API call.
      const metadata = { user_id: request.userId, tier: request.tier };
      const session = await stripe.checkout.sessions.create({
        mode: 'subscription',
        line_items: [{ price: request.priceId, quantity: 1 }],
        client_reference_id: request.userId,
        ...(request.customerId ? { customer: request.customerId } : { customer_email: request.email }),
        metadata,
        subscription_data: { metadata },
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
      });
      return { id: session.id, url: session.url };
    },
    async createPortalSession(request) {
      const session = await stripe.billingPortal.sessions.create({
        customer: request.customerId,
        return_url: request.returnUrl,
      });
      return { url: session.url };
    },
    async monthlyPrice(priceId) {
      const price = await stripe.prices.retrieve(priceId);
      if (price.unit_amount === null || price.recurring?.interval !== 'month') {
        throw new Error(`Stripe price ${priceId} is not a fixed monthly price`);
      }
      return { amount: price.unit_amount / 100, currency: price.currency };
    },
  };
}
