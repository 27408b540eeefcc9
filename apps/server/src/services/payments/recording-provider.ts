import type { CheckoutRequest, MonthlyPrice, PaymentProvider } from './payment-provider';

/**
 * A PaymentProvider for tests that answers like Stripe from a price list and records what it was
 * asked, so tests see the server's calls without any network.
 */
export class RecordingProvider implements PaymentProvider {
  readonly checkouts: CheckoutRequest[] = [];
  readonly portals: { customerId: string; returnUrl: string }[] = [];
  priceLookups = 0;
  /** Set to make the next calls fail as Stripe would. */
  failWith: string | null = null;

  constructor(private readonly prices: Record<string, MonthlyPrice>) {}

  async createCheckoutSession(request: CheckoutRequest) {
    if (this.failWith) throw new Error(this.failWith);
    this.checkouts.push(request);
    const id = `cs_test_${this.checkouts.length}`;
    return { id, url: `https://checkout.stripe.test/c/pay/${id}` };
  }

  async createPortalSession(request: { customerId: string; returnUrl: string }) {
    if (this.failWith) throw new Error(this.failWith);
    this.portals.push(request);
    return { url: `https://billing.stripe.test/p/session/${request.customerId}` };
  }

  async monthlyPrice(priceId: string): Promise<MonthlyPrice> {
    this.priceLookups++;
    const price = this.prices[priceId];
    if (!price || this.failWith) throw new Error(this.failWith ?? `No such price: '${priceId}'`);
    return price;
  }
}
