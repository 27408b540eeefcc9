import { expect, test } from '@playwright/test';

test('the theatre shows three films and plays one in the modal player', async ({ page }) => {
  await page.goto('/theatre');
  const cards = page.getByTestId('film-card');
  await expect(cards).toHaveCount(3);
  for (const [title, director] of [
    ['The Lighthouse Keeper', '@mara.frames'],
    ['Neon Rain', '@kaito.wav'],
    ['Tidal Memory', '@ines.nodes'],
  ]) {
    const card = cards.filter({ hasText: title });
    await expect(card).toContainText(`${director} · 2025`);
    await expect(card).toContainText('0:06');
    await expect
      .poll(() => card.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBe(640);
  }
  await page.screenshot({ path: 'artifacts/theatre-grid.png', fullPage: true });

  await cards.filter({ hasText: 'Neon Rain' }).click();
  const player = page.getByRole('dialog', { name: 'Neon Rain' });
  const video = player.getByTestId('film-video');
  // Autoplay: the film is playing without a click (muted autoplay is not needed for a film without sound).
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 15_000 })
    .toBeGreaterThan(0);
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.videoWidth)).toBe(640);
  await page.screenshot({ path: 'artifacts/theatre-player.png' });
  await player.getByRole('button', { name: 'Close player' }).click();
  await expect(player).toHaveCount(0);
});

test('the residencies page states every fact of the summer residency', async ({ page }) => {
  await page.goto('/residencies');
  await expect(page.getByRole('heading', { name: 'Summer Residency 2025' })).toBeVisible();
  const main = page.getByRole('main');
  for (const fact of [
    '15 June 2025 to 15 August 2025',
    '30 August 2025',
    '2 months free',
    'Up to 3 per resident',
    '3 prizes of 100 euro each.',
    'A jury of 4 filmmakers and artists',
    'Your works are shared publicly only with your permission.',
  ]) {
    await expect(main).toContainText(fact);
  }
  await expect(page.getByTestId('residency-prize')).toHaveText([
    /100 €Storytelling/,
    /100 €Aesthetics/,
    /100 €Frontier/,
  ]);
  await expect(page.getByRole('link', { name: 'Register' })).toHaveAttribute('href', /^(mailto:|https?:)/);
  await expect(page.getByRole('link', { name: 'Join us on Discord' })).toHaveAttribute('href', /^https?:/);
  await page.screenshot({ path: 'artifacts/residencies.png', fullPage: true });
});
