import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { STUDIO_REQUEST_HEADERS } from '@cinegraph/contracts';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../app';
import { loadConfig, type Config } from '../config';
import type { Database } from '../db/client';
import { createMailer } from '../mail/create-mailer';
import { DEFAULT_SIGN_IN_LIMITS, type SignInLimits } from '../services/auth';
import type { PaymentProvider } from '../services/payments/payment-provider';
import { seedTemplateMovies } from '../services/movies/templates';
import { useEditorPassSecret } from '../services/comfy-editor/editor-pass';
import { useWorkerKeySecret } from '../services/workers/worker-keys';
import { createStorage } from '../storage/create-storage';
import type { Storage } from '../storage/storage';
import { openTestDatabase, type TestDatabase } from './test-database';

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  database: TestDatabase;
  storage: Storage;
  config: Config;
  dataDir: string;
  close(): Promise<void>;
}

/**
 * The real app over a fresh database, local storage and the outbox in a temporary folder. `env` adds
 * settings as the environment would give them (e.g. LLM_BASE_URL).
 */
export async function createTestApp(
  options: {
    signInLimits?: SignInLimits;
    env?: Record<string, string>;
    paymentProvider?: PaymentProvider;
    /** Another app's database: the two act as two studio processes; closing this app leaves it open. */
    sharedDatabase?: TestDatabase;
    /** Another store (e.g. S3 on s3rver) instead of local storage in the data folder. */
    storage?: Storage;
  } = {},
): Promise<TestApp> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cinegraph-test-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://localhost:3000',
    LOG_LEVEL: 'silent',
    ...options.env,
  });
  const database = options.sharedDatabase ?? (await openTestDatabase());
  const secret = 'test-secret-'.padEnd(40, 'x');
  useWorkerKeySecret(secret);
  useEditorPassSecret(secret);
  const storage = options.storage ?? (await createStorage({ dataDir, publicUrl: config.publicUrl, secret }));
  if (!options.sharedDatabase) await seedTemplateMovies(database.db, storage);
  const mailer = createMailer({ from: config.mailFrom, dataDir, logger: { info: () => {} } });
  const app = await buildApp({
    config,
    db: database.db,
    storage,
    mailer,
    signInLimits: options.signInLimits ?? {
      ...DEFAULT_SIGN_IN_LIMITS,
      perAddress: 1000,
      perEmail: 1000,
      verifiesPerAddress: 1000,
    },
    logger: false,
    paymentProvider: options.paymentProvider,
  });
  // Calls carry the header the studio's web client sends with every call (see STUDIO_REQUEST_HEADERS);
  // a test of forged calls passes the header empty.
  const inject = app.inject.bind(app);
  app.inject = ((opts: InjectOptions) =>
    inject({ ...opts, headers: { ...STUDIO_REQUEST_HEADERS, ...opts.headers } })) as typeof app.inject;
  return {
    app,
    db: database.db,
    database,
    storage,
    config,
    dataDir,
    close: async () => {
      await app.close();
      if (!options.sharedDatabase) await database.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

export function json<T = unknown>(response: LightMyRequestResponse): T {
  return response.json() as T;
}
