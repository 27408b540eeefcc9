import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { latestSignInLink } from './outbox';
import { signInThroughLandingPage } from './sign-in';

const artifacts = path.resolve(import.meta.dirname, '../artifacts');
fs.mkdirSync(artifacts, { recursive: true });

test('the landing page on a desktop and a phone (screenshots kept as artifacts)', async ({ browser }) => {
  for (const [name, viewport] of [
    ['desktop', { width: 1440, height: 900 }],
    ['phone', { width: 390, height: 844 }],
  ] as const) {
    const context = await browser.newContext({
      viewport,
      isMobile: name === 'phone',
      hasTouch: name === 'phone',
    });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.getByText('Make old things easier and new things possible')).toBeVisible();
    if (name === 'phone') {
      await expect(page.getByRole('link', { name: 'Forum' })).toBeHidden();
      await page.getByRole('button', { name: 'Menu' }).click();
      await expect(page.getByRole('link', { name: 'Forum' })).toBeVisible();
      await page.getByRole('button', { name: 'Menu' }).click();
    } else {
      for (const link of ['Tutorials', 'Residencies', 'Theatre', 'Forum']) {
        await expect(page.getByRole('link', { name: link }).first()).toBeVisible();
      }
    }
    await page.screenshot({ path: path.join(artifacts, `landing-${name}.png`), fullPage: true });
    await context.close();
  }
});

test('the opening is on the screen before the app’s code arrives, and only at / for a signed-out visitor', async ({
  page,
  context,
  baseURL,
}) => {
  // The app's code never arrives: what shows is what the server's page holds.
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.goto('/');
  await expect(
    page.getByRole('heading', { name: 'Make old things easier and new things possible' }),
  ).toBeVisible();
  // Its buttons wait for the app's: a click on them would be lost.
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeDisabled();
  await expect(page.getByRole('link', { name: 'Watch the trailer' })).toBeVisible();
  // Another screen's address, a magic link's arrival and a signed-in browser get the empty page.
  for (const address of ['/movies', '/?token=made-up-token']) {
    await page.goto(address);
    await expect(page.locator('#root'), address).toBeEmpty();
  }
  await context.addCookies([{ name: 'cinegraph_session', value: 'a-session', url: baseURL! }]);
  await page.goto('/');
  await expect(page.locator('#root')).toBeEmpty();
});

test("'Watch the trailer' brings the trailer into view and plays it", async ({ page }) => {
  await page.goto('/');
  const trailer = page.getByLabel('Cinegraph trailer');
  await expect(trailer).toHaveJSProperty('paused', true);
  await page.getByRole('link', { name: 'Watch the trailer' }).click();
  await expect(trailer).toBeInViewport();
  await expect(trailer).toHaveJSProperty('paused', false);
  // Playing, not just asked to: the picture moves on.
  await expect
    .poll(() => trailer.evaluate((video: HTMLVideoElement) => video.currentTime), { timeout: 30_000 })
    .toBeGreaterThan(0.5);
});

test('the sign-in panel refuses an empty email and toggles with Cancel', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Sign In' }).first().click();
  await expect(page.getByRole('button', { name: 'Cancel' }).first()).toBeVisible();
  await page.getByRole('textbox', { name: /email/i }).fill('   ');
  await page.getByRole('button', { name: /send magic link/i }).click();
  await expect(page.getByText('Email cannot be empty')).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).first().click();
  await expect(page.getByRole('textbox', { name: /email/i })).toBeHidden();
});

test('a used or made-up link shows the verification failure', async ({ page }) => {
  await page.goto('/?token=made-up-token');
  await expect(page.getByText('Invalid or expired magic link. Please request a new one.')).toBeVisible();
});

test('a link works once, and Log Out signs out on the server too', async ({ page, context }) => {
  await signInThroughLandingPage(page, 'once@example.com');
  await expect(page.getByRole('link', { name: 'My Movies' }).first()).toBeVisible();
  const link = await latestSignInLink('once@example.com');

  await page.getByRole('button', { name: 'Log Out' }).first().click();
  await expect(page.getByRole('button', { name: 'Sign In' }).first()).toBeVisible();
  const session = await context.request.get('/api/v1/session');
  expect(session.status()).toBe(401);

  await page.goto(link);
  await expect(page.getByText('Invalid or expired magic link. Please request a new one.')).toBeVisible();
});

test('signed-out visitors are sent home from /movies and /user; unknown paths go home', async ({ page }) => {
  for (const url of ['/movies', '/user', '/no/such/page']) {
    await page.goto(url);
    await expect(page).toHaveURL(/\/$/);
  }
});

test('a sign-in link for another account asks before leaving the signed-in one (login CSRF)', async ({
  page,
  context,
}) => {
  await signInThroughLandingPage(page, 'stays@example.com');
  const mine: unknown = await (await context.request.get('/api/v1/session')).json();
  // A link someone else requested for their own address, opened in this browser.
  const sent = await context.request.post('/api/v1/magic-link', { data: { email: 'planter@example.com' } });
  expect(sent.ok()).toBe(true);
  await page.goto(await latestSignInLink('planter@example.com'));
  const ask = page.getByRole('alertdialog');
  await expect(ask).toContainText('You are signed in with another account.');
  await page.screenshot({ path: path.join(artifacts, 'sign-in-switch-account.png') });
  await ask.getByRole('button', { name: 'Stay signed in' }).click();
  await expect(ask).toBeHidden();
  expect(await (await context.request.get('/api/v1/session')).json()).toEqual(mine);
  expect(page.url()).not.toContain('token=');
});
