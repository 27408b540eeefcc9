import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedCheckout {
  id: string;
  form: URLSearchParams;
}

/** How the next Checkout Session request is answered. */
export type CheckoutMode = 'ok' | 'refuse' | 'bad-url';

/**
 * A local stand-in for Stripe's API, reached by the studio through STRIPE_API_URL: the price lookup,
 * Checkout Sessions and Customer Portal sessions, answered in Stripe's JSON shapes. Its Checkout and
 * portal "pages" are plain HTML here, so the browser never leaves this machine.
 */
export async function startFakeStripe() {
  const checkouts: RecordedCheckout[] = [];
  const portals: URLSearchParams[] = [];
  let mode: CheckoutMode = 'ok';
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', base);
      const json = (status: number, value: object) => {
        response.writeHead(status, { 'content-type': 'application/json', 'request-id': 'req_fake' });
        response.end(JSON.stringify(value));
      };
      const page = (html: string) => {
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        response.end(`<!doctype html><html><body style="font-family:sans-serif">${html}</body></html>`);
      };
      const price = url.pathname.match(/^\/v1\/prices\/([\w-]+)$/);
      if (request.method === 'GET' && price) {
        return json(200, {
          id: price[1],
          object: 'price',
          currency: 'usd',
          unit_amount: 2000,
          recurring: { interval: 'month', interval_count: 1 },
        });
      }
      if (request.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
        const form = new URLSearchParams(body);
        if (mode === 'refuse') {
          return json(400, { error: { type: 'invalid_request_error', message: 'No such price' } });
        }
        const id = `cs_test_e2e_${checkouts.length + 1}`;
        checkouts.push({ id, form });
        const sessionUrl = mode === 'bad-url' ? 'javascript:alert(1)' : `${base}/checkout/${id}`;
        // A little slower than a local call, as Stripe is, so the dialog's 'Processing...' shows.
        setTimeout(() => json(200, { id, object: 'checkout.session', url: sessionUrl }), 800);
        return;
      }
      const checkout = url.pathname.match(/^\/checkout\/([\w-]+)$/);
      if (request.method === 'GET' && checkout) {
        const recorded = checkouts.find((c) => c.id === checkout[1]);
        return page(
          `<h1>Fake Stripe Checkout</h1><p>Subscribe to ${recorded?.form.get('line_items[0][price]')}</p>` +
            `<a href="${recorded?.form.get('success_url')}">Pay</a>`,
        );
      }
      if (request.method === 'POST' && url.pathname === '/v1/billing_portal/sessions') {
        const form = new URLSearchParams(body);
        portals.push(form);
        return json(200, {
          id: 'bps_1',
          object: 'billing_portal.session',
          url: `${base}/portal/${form.get('customer')}`,
        });
      }
      if (request.method === 'GET' && url.pathname.startsWith('/portal/')) {
        return page(`<h1>Fake Stripe Customer Portal</h1><p>${url.pathname.slice('/portal/'.length)}</p>`);
      }
      json(404, {
        error: { type: 'invalid_request_error', message: `Unrecognized request URL ${url.pathname}` },
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    checkouts,
    portals,
    setCheckoutMode(next: CheckoutMode) {
      mode = next;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
