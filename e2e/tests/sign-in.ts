import { expect, type Page } from '@playwright/test';
import { latestSignInLink } from './outbox';

/**
 * Signs in through the landing page as a visitor does: request a link, open it from the mail.
 * `dataDir`: the data folder of another studio than the journeys' own (the page's base URL points at it).
 */
export async function signInThroughLandingPage(page: Page, email: string, dataDir?: string): Promise<void> {
  await page.goto('/');
  await page.getByRole('button', { name: 'Sign In' }).first().click();
  await page.getByRole('textbox', { name: /email/i }).fill(email);
  await page.getByRole('button', { name: /send magic link/i }).click();
  await expect(page.getByText('Magic link sent! Please check your email.')).toBeVisible();
  await page.goto(await latestSignInLink(email, undefined, dataDir));
  // Verification runs after the page loads (a same-origin call with the studio's header); the banner
  // says it is done and the session cookie is set. A page still signed in with another account is
  // asked first, and the journey confirms the switch as a user would.
  const signedIn = page.getByRole('status').filter({ hasText: /signed in/i });
  const switchAccount = page.getByRole('alertdialog').getByRole('button', { name: 'Switch account' });
  await expect(signedIn.or(switchAccount)).toBeVisible();
  if (await switchAccount.isVisible()) await switchAccount.click();
  await expect(signedIn).toBeVisible();
}
