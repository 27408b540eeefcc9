import { expect, test } from '@playwright/test';
import { startWorkerProcess, type RunningWorker } from './dev-worker-process';
import { signInThroughLandingPage } from './sign-in';

let worker: RunningWorker;
let gone: string;

test.beforeAll(async () => {
  worker = await startWorkerProcess();
  // An address where nothing answers any more.
  const stopped = await startWorkerProcess();
  gone = stopped.url;
  await stopped.stop();
});
test.afterAll(async () => {
  await worker?.stop();
});

test('adds their own ComfyUI on the account page, sees it healthy, renames it and removes it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInThroughLandingPage(page, 'workers@example.com');
  await page.goto('/user');
  await expect(page.getByRole('heading', { name: 'Account', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'ComfyUI Workers' })).toBeVisible();
  await expect(page.getByText('No workers of your own yet.')).toBeVisible();

  const form = page.getByRole('form', { name: 'Add a ComfyUI worker' });
  // Nothing answers at that address: the server says so, naming it.
  await form.getByLabel('ComfyUI address').fill(gone);
  await form.getByRole('button', { name: 'Add worker' }).click();
  await expect(form.getByRole('alert')).toContainText(`Nothing answered at ${gone}`);
  await page.screenshot({ path: 'artifacts/workers-add-error.png' });

  await form.getByLabel('ComfyUI address').fill(`${worker.url}/`);
  await form.getByLabel('Name').fill('Studio GPU');
  await form.getByLabel('Jobs at once').fill('2');
  await form.getByRole('button', { name: 'Add worker' }).click();

  const item = page.getByRole('listitem', { name: 'Worker Studio GPU' });
  await expect(item).toBeVisible();
  await expect(item.getByRole('img', { name: 'Healthy' })).toBeVisible();
  await expect(item).toContainText(worker.url);
  await expect(item).toContainText('ComfyUI 0.8.0');
  await expect(item).toContainText('2 at once · idle');
  await expect(form.getByLabel('ComfyUI address')).toHaveValue('');

  await item.getByRole('button', { name: 'Edit Studio GPU' }).click();
  const edit = item.getByRole('form', { name: 'Edit Studio GPU' });
  await edit.getByLabel('Name').fill('Render box');
  await edit.getByLabel('Jobs at once').fill('4');
  await edit.getByRole('button', { name: 'Save' }).click();
  const renamed = page.getByRole('listitem', { name: 'Worker Render box' });
  await expect(renamed).toContainText('4 at once · idle');
  await page.screenshot({ path: 'artifacts/workers-account.png', fullPage: true });

  // The list survives a reload: it is what the server stored.
  await page.reload();
  await expect(renamed.getByRole('img', { name: 'Healthy' })).toBeVisible();

  // The worker stops: the pool's next health check (every 15 s) sees it, and the list follows.
  await worker.stop();
  await expect(renamed.getByRole('img', { name: 'Not answering' })).toBeVisible({ timeout: 45_000 });
  await expect(renamed).toContainText(/Last seen (just now|.* ago)\. .* is unavailable/);
  await page.screenshot({ path: 'artifacts/workers-not-answering.png' });

  await renamed.getByRole('button', { name: 'Remove Render box' }).click();
  const dialog = page.getByRole('dialog', { name: 'Remove worker' });
  await expect(dialog).toContainText(worker.url);
  await page.screenshot({ path: 'artifacts/workers-remove.png' });
  await dialog.getByRole('button', { name: 'Remove', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('No workers of your own yet.')).toBeVisible();
  await page.reload();
  await expect(page.getByText('No workers of your own yet.')).toBeVisible();
});

test('adds a RunPod serverless endpoint with its API key and sees its queue and cold starts', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const endpoint = await startWorkerProcess({ DEV_WORKER_RUNPOD_KEY: 'rp_e2e_key' });
  try {
    await signInThroughLandingPage(page, 'runpod@example.com');
    await page.goto('/user');
    const form = page.getByRole('form', { name: 'Add a ComfyUI worker' });
    await form.getByLabel('Kind').selectOption('runpod');
    await form.getByLabel('RunPod endpoint address').fill(endpoint.url);
    await form.getByLabel('RunPod API key').fill('wrong');
    await form.getByRole('button', { name: 'Add worker' }).click();
    await expect(form.getByRole('alert')).toContainText(
      `Nothing answered at ${endpoint.url} (asked ${endpoint.url}/health)`,
    );
    await form.getByLabel('RunPod API key').fill('rp_e2e_key');
    await form.getByLabel('Name').fill('RunPod 4090s');
    await form.getByRole('button', { name: 'Add worker' }).click();
    const item = page.getByRole('listitem', { name: 'Worker RunPod 4090s' });
    await expect(item.getByRole('img', { name: 'Healthy' })).toBeVisible();
    // Of the key, only its last 4 characters ever reach the page.
    await expect(item).toContainText(
      'RunPod serverless · key ending _key · 0 queued · 0 cold starts · checked just now',
    );
    await expect(page.getByText('rp_e2e_key')).toHaveCount(0);
    await page.screenshot({ path: 'artifacts/workers-runpod.png', fullPage: true });
  } finally {
    await endpoint.stop();
  }
});
