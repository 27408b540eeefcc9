import fs from 'node:fs';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 4790);
/**
 * The studio under test keeps its data here and the journeys read the mail outbox from it. The runner
 * loads this file first and picks a fresh folder; its workers inherit the choice through the environment.
 */
if (!process.env.E2E_DATA_DIR) {
  // Runs may overlap (several terminals): each gets its own folder, and only old ones are swept.
  const root = path.resolve(import.meta.dirname, '.data');
  fs.mkdirSync(root, { recursive: true });
  for (const name of fs.readdirSync(root)) {
    const folder = path.join(root, name);
    if (Date.now() - fs.statSync(folder).mtimeMs > 3_600_000)
      fs.rmSync(folder, { recursive: true, force: true });
  }
  process.env.E2E_DATA_DIR = path.join(root, `run-${Date.now()}-${process.pid}`);
}
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR;

export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  fullyParallel: false,
  workers: 1,
  // A journey that fails is run once more and reported as flaky if it then passes: on a shared 2-core
  // machine a click can land while the editor re-renders. A real breakage fails both times.
  retries: 1,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${E2E_PORT}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    // The built server, as `npm start` runs it (`npm run test:e2e` builds first): the journeys also
    // prove the bundle finds its migrations, web app and kept packages.
    command: 'node ../apps/server/dist/main.js',
    url: `http://localhost:${E2E_PORT}/api/docs`,
    reuseExistingServer: false,
    // A fresh data folder runs every migration before the first answer: slow on a loaded machine.
    timeout: 180_000,
    // USER_WORKERS_ALLOW_PRIVATE: the workers journey adds a dev worker listening on 127.0.0.1.
    // Every journey signs in from 127.0.0.1: more than one address's sign-ins in 15 minutes.
    env: {
      PORT: String(E2E_PORT),
      DATA_DIR: E2E_DATA_DIR,
      LOG_LEVEL: 'warn',
      USER_WORKERS_ALLOW_PRIVATE: 'true',
      SIGN_IN_LINKS_PER_ADDRESS: '1000',
      SIGN_IN_VERIFIES_PER_ADDRESS: '1000',
    },
  },
});
