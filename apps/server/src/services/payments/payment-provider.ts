import type { Tier } from '@cinegraph/contracts';

/** A monthly price as the provider bills it. */
export interface MonthlyPrice {
  /** In the currency's main unit (20 for $20.00). */
  amount: number;
  currency: string;
}

export interface CheckoutRequest {
  priceId: string;
  tier: Exclude<Tier, 'free'>;
  userId: string;
  email: string;
  /** The provider's customer when the user paid before; a new customer is made from the email otherwise. */
  customerId: string | null;
  successUrl: string;
  cancelUrl: string;
}

/**
 * The payment provider's API calls the server makes. Stripe in production (stripe-provider.ts); tests
 * hand the app their own, so nothing reaches the network. Webhook signatures are checked locally and
 * are not part of it.
 */
export interface PaymentProvider {
  createCheckoutSession(request: CheckoutRequest): Promise<{ id: string; url: string | null }>;
  createPortalSession(request: { customerId: string; returnUrl: string }): Promise<{ url: string }>;
  monthlyPrice(priceId: string): Promise<MonthlyPrice>;
}
