import { expect, test, type Page } from '@playwright/test';
import Stripe from 'stripe';
import { startFakeStripe } from './fake-stripe';
import { signInThroughLandingPage } from './sign-in';
import { startStudio, type StudioProcess } from './studio-process';

/** The value beside a figure's label on the account page. */
const figure = (page: Page, label: string) =>
  page.locator(`xpath=//dt[normalize-space()="${label}"]/following-sibling::dd[1]`);

/** Stores a small file as the user's upload through the API, as the asset browser does. */
async function uploadFile(page: Page, userId: string, bytes: number) {
  const started = await page.request.get(
    `/api/v1/utils/presigned_upload_url/user/${userId}/file_type/image/filename/still.png?file_size=${bytes}`,
    // It reserves storage, so like every call that changes something it needs the studio's header.
    { headers: { 'X-Requested-With': 'cinegraph' } },
  );
  expect(started.ok(), await started.text()).toBe(true);
  const upload = (await started.json()) as { presigned_url: string; s3_key: string; final_url: string };
  const png = Buffer.alloc(bytes, 0);
  Buffer.from('89504e470d0a1a0a', 'hex').copy(png);
  const put = await page.request.put(upload.presigned_url, {
    data: png,
    headers: { 'content-type': 'image/png' },
  });
  expect(put.ok(), await put.text()).toBe(true);
  const completed = await page.request.post('/api/v1/utils/complete_upload', {
    data: {
      user_id: userId,
      file_type: 'image',
      filename: 'still.png',
      s3_key: upload.s3_key,
      final_url: upload.final_url,
      file_size: bytes,
      metadata: {},
    },
  });
  expect(completed.ok(), await completed.text()).toBe(true);
}

const storedUserId = (page: Page) =>
  page.evaluate(() => Object.entries(localStorage).find(([key]) => /user.?id/i.test(key))?.[1] ?? '');

test('the account page shows real figures, edits the nickname and, without payments, says Pro is not available', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInThroughLandingPage(page, 'account@example.com');
  const userId = await storedUserId(page);
  expect(userId).toMatch(/[0-9a-f-]{36}/);

  // A failed load says so, and Try again loads the page again.
  await page.route('**/api/v1/user_stats/**', (route) => route.abort());
  await page.goto('/user');
  await expect(page.getByRole('alert').filter({ hasText: 'Failed to load user info.' })).toBeVisible();
  await page.unroute('**/api/v1/user_stats/**');
  await page.getByRole('link', { name: 'Try again' }).click();

  await expect(page.getByRole('heading', { name: 'Account', level: 1 })).toBeVisible();
  await expect(page.getByTestId('nickname')).toHaveText('Anonymous');
  await expect(figure(page, 'Account Tier')).toHaveText('Free');
  await expect(figure(page, 'GPU Usage')).toHaveText('0h 0m 0s');
  await expect(figure(page, 'Storage')).toHaveText('0 GB');
  await expect(figure(page, 'Total Movies')).toHaveText('0');
  for (const label of ['Pending', 'Running', 'Success', 'Failed', 'Cancelled']) {
    await expect(page.getByLabel(`${label}: 0`)).toBeVisible();
  }
  await expect(page.getByRole('heading', { name: 'ComfyUI Workers' })).toBeVisible();

  // Real figures: a movie and a 2.5 MB upload.
  const movie = await page.request.post(`/api/v1/movies?user_id=${userId}&title=Meshes`, {
    // The studio's own calls say so (the server refuses state changes from other sites).
    headers: { 'X-Requested-With': 'cinegraph' },
  });
  expect(movie.ok(), await movie.text()).toBe(true);
  await uploadFile(page, userId, 2_500_000);
  await page.reload();
  await expect(figure(page, 'Total Movies')).toHaveText('1');
  await expect(figure(page, 'Storage')).toHaveText('0.0025 GB');

  // The nickname: blank cannot be saved, 32 characters at most, Cancel keeps the old one.
  await page.getByRole('button', { name: 'Edit' }).click();
  const input = page.getByRole('textbox', { name: 'Nickname' });
  await input.fill('');
  await expect(page.getByRole('alert')).toHaveText('Nickname cannot be empty');
  await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
  await input.fill('x'.repeat(40));
  await expect(input).toHaveValue('x'.repeat(32));
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByTestId('nickname')).toHaveText('Anonymous');

  // A save the network loses says so; then a real one.
  await page.getByRole('button', { name: 'Edit' }).click();
  await input.fill('Maya Deren');
  await page.route('**/nickname/**', (route) => route.abort());
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('alert')).toHaveText('Failed to update nickname.');
  await page.unroute('**/nickname/**');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('nickname')).toHaveText('Maya Deren');
  await page.screenshot({ path: 'artifacts/account-page.png', fullPage: true });
  await page.reload();
  await expect(page.getByTestId('nickname')).toHaveText('Maya Deren');

  // The upgrade dialog on a studio without Stripe: the pro tier is listed, not for sale.
  await page.getByRole('button', { name: 'Change Usage Tier' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upgrade to Pro' });
  await expect(dialog.getByRole('heading', { name: 'Pro', exact: true })).toBeVisible();
  await expect(dialog.getByText('30 GPU hours a month on the shared workers')).toBeVisible();
  await expect(dialog.getByRole('alert')).toHaveText('Pro tier not available');
  await expect(dialog.getByRole('button', { name: 'Upgrade Now' })).toBeDisabled();
  await expect(dialog.getByText(/Payments are handled securely by Stripe/)).toBeVisible();
  await page.screenshot({ path: 'artifacts/account-upgrade-unconfigured.png' });
  await dialog.getByRole('button', { name: 'Close' }).click();

  // The tier list not loading is said as the spec says.
  await page.route('**/api/v1/payments/tiers_info', (route) => route.abort());
  await page.reload();
  await page.getByRole('button', { name: 'Change Usage Tier' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Failed to load subscription information.');
});

test.describe('with Stripe configured (a local fake of its API)', () => {
  let stripe: Awaited<ReturnType<typeof startFakeStripe>>;
  let studio: StudioProcess;
  const WEBHOOK_SECRET = 'whsec_e2e_secret';

  test.beforeAll(async () => {
    stripe = await startFakeStripe();
    studio = await startStudio('stripe-studio', {
      STRIPE_SECRET_KEY: 'sk_test_e2e',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_PRO_PRICE_ID: 'price_pro_e2e',
      STRIPE_API_URL: stripe.url,
    });
  });
  test.afterAll(async () => {
    await studio?.stop();
    await stripe?.close();
  });

  test('upgrades to Pro through Checkout, the signed webhook gives the tier, the portal opens', async ({
    browser,
  }) => {
    test.setTimeout(150_000);
    const context = await browser.newContext({ baseURL: studio.url });
    const page = await context.newPage();
    await signInThroughLandingPage(page, 'subscriber@example.com', studio.dataDir);
    const userId = await storedUserId(page);
    await page.goto('/user');
    await expect(figure(page, 'Account Tier')).toHaveText('Free');
    await expect(page.getByRole('button', { name: 'Manage subscription' })).toHaveCount(0);

    await page.getByRole('button', { name: 'Change Usage Tier' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upgrade to Pro' });
    await expect(dialog.getByText('$20 / month')).toBeVisible();
    await expect(dialog.getByText('For filmmakers who generate every night', { exact: false })).toBeVisible();
    await page.screenshot({ path: 'artifacts/account-upgrade-dialog.png' });

    // Stripe refuses: the spec's message, and the button is back.
    stripe.setCheckoutMode('refuse');
    await dialog.getByRole('button', { name: 'Upgrade Now' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Failed to initiate payment. Please try again.');
    // A payment page that is not a web address is not followed.
    stripe.setCheckoutMode('bad-url');
    await dialog.getByRole('button', { name: 'Upgrade Now' }).click();
    await expect(dialog.getByRole('button', { name: 'Processing...' })).toBeVisible();
    await expect(dialog.getByRole('alert')).toHaveText('Failed to redirect to payment page.');

    stripe.setCheckoutMode('ok');
    await dialog.getByRole('button', { name: 'Upgrade Now' }).click();
    await expect(dialog.getByRole('button', { name: 'Processing...' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Fake Stripe Checkout' })).toBeVisible();
    const checkout = stripe.checkouts.at(-1)!;
    expect(checkout.form.get('mode')).toBe('subscription');
    expect(checkout.form.get('line_items[0][price]')).toBe('price_pro_e2e');
    expect(checkout.form.get('client_reference_id')).toBe(userId);
    expect(checkout.form.get('customer_email')).toBe('subscriber@example.com');

    // Stripe tells the studio the checkout completed, signed with the webhook secret.
    const payload = JSON.stringify({
      id: 'evt_e2e_1',
      object: 'event',
      type: 'checkout.session.completed',
      created: Math.floor(Date.now() / 1000),
      data: {
        object: {
          id: checkout.id,
          object: 'checkout.session',
          mode: 'subscription',
          payment_status: 'paid',
          client_reference_id: checkout.form.get('client_reference_id'),
          customer: 'cus_e2e',
          subscription: 'sub_e2e',
          metadata: {
            user_id: checkout.form.get('metadata[user_id]'),
            tier: checkout.form.get('metadata[tier]'),
          },
        },
      },
    });
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    // One hex digit of the signature changed (always to another digit, so the forgery never matches).
    const forgedSignature = signature.replace(
      /v1=(\w)/,
      (_, digit: string) => `v1=${digit === '0' ? '1' : '0'}`,
    );
    const forged = await page.request.post(`${studio.url}/api/v1/payments/stripe/webhook`, {
      data: payload,
      headers: { 'content-type': 'application/json', 'stripe-signature': forgedSignature },
    });
    expect(forged.status()).toBe(400);
    const delivered = await page.request.post(`${studio.url}/api/v1/payments/stripe/webhook`, {
      data: payload,
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    });
    expect(await delivered.json()).toEqual({ received: true, duplicate: false });

    await page.getByRole('link', { name: 'Pay' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Thank you!' })).toBeVisible();
    await expect(figure(page, 'Account Tier')).toHaveText('Pro');
    await expect(figure(page, 'Account Tier').locator('xpath=following-sibling::dd[1]')).toHaveText(
      '200 jobs at once',
    );
    await page.screenshot({ path: 'artifacts/account-page-pro.png', fullPage: true });
    await page.getByRole('button', { name: 'Change Usage Tier' }).click();
    await expect(dialog.getByText('You already have a Pro or Studio subscription!')).toBeVisible();
    await expect(dialog.getByText('No need to upgrade further.')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Already Subscribed' })).toBeDisabled();
    await page.screenshot({ path: 'artifacts/account-upgrade-subscribed.png' });
    await dialog.getByRole('button', { name: 'Close' }).click();

    await page.getByRole('button', { name: 'Manage subscription' }).click();
    await expect(page.getByRole('heading', { name: 'Fake Stripe Customer Portal' })).toBeVisible();
    expect(stripe.portals.at(-1)?.get('customer')).toBe('cus_e2e');
    await context.close();
  });
});
