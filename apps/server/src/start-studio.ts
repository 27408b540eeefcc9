import path from 'node:path';
import { buildApp } from './app';
import type { Config } from './config';
import { openDatabase } from './db/client';
import { keepPgliteVacuumed } from './db/pglite-vacuum';
import { startEngine, type RunningEngine } from './engine/start-engine';
import type { FrontDoor } from './http/front-door';
import { createMailer } from './mail/create-mailer';
import { resolveSecret } from './secret';
import { DEFAULT_SIGN_IN_LIMITS } from './services/auth';
import { startUploadSweeper } from './services/assets/stale-uploads';
import { startAttemptSweeper } from './services/attempt-counts';
import { startCutRenderer } from './services/cut/cut-renderer';
import { useEditorPassSecret } from './services/comfy-editor/editor-pass';
import { sealPlainWorkerKeys, useWorkerKeySecret } from './services/workers/worker-keys';
import { seedTemplateMovies } from './services/movies/templates';
import { createStorage } from './storage/create-storage';

export interface RunningStudio {
  /** Stops answering, finishes the answers under way, stops the background work, closes the database. */
  stop(signal: string): Promise<void>;
}

/**
 * Everything behind the front door: opens the database, builds the app on the front door's server and
 * hands it every request, then starts the engine (the preview worker, the worker pool, the dispatcher).
 */
export async function startStudio(config: Config, frontDoor: FrontDoor): Promise<RunningStudio> {
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl }
      : { kind: 'pglite', folder: path.join(config.dataDir, 'db') },
  );
  const secret = resolveSecret(config.secret, config.dataDir);
  useWorkerKeySecret(secret);
  useEditorPassSecret(secret);
  await sealPlainWorkerKeys(database.db);
  const storage = await createStorage({
    dataDir: config.dataDir,
    publicUrl: config.publicUrl,
    secret,
    s3: config.s3,
  });
  await seedTemplateMovies(database.db, storage);
  // The outbox logs each mail through the app's logger, which exists only once the app is built, and
  // prints its link as plain text on a line of its own.
  const log = {
    info: (message: string) => app.log.info(message),
    print: (text: string) => void process.stdout.write(`${text}\n`),
  };
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    dataDir: config.dataDir,
    logger: log,
  });
  const signInLimits = {
    ...DEFAULT_SIGN_IN_LIMITS,
    perAddress: config.signInLinksPerAddress,
    verifiesPerAddress: config.signInVerifiesPerAddress,
  };
  const app = await buildApp({
    config,
    db: database.db,
    storage,
    mailer,
    signInLimits,
    serverFactory: frontDoor.serverFactory,
  });
  await app.ready();
  frontDoor.handOver();
  const sweeper = startUploadSweeper(database.db, storage, app.log);
  const attemptSweeper = startAttemptSweeper(database.db, app.log);
  const cutRenderer = startCutRenderer(database.db, { storage, publicUrl: config.publicUrl }, app.log);
  // Pages and API calls are answered while the preview worker starts and the pool checks its workers.
  const engine = await startEngine({
    config,
    db: database.db,
    storage,
    log: { info: (m) => app.log.info(m), warn: (m) => app.log.warn(m) },
  });
  describeStart(config, database.kind, engine);
  // PGlite has no autovacuum; its first pass comes after the start, once pages are being answered.
  const vacuum = keepPgliteVacuumed(database.db, { log: app.log });

  return {
    stop: async (signal) => {
      app.log.info(`${signal}: shutting down`);
      sweeper.stop();
      attemptSweeper.stop();
      await cutRenderer.stop();
      // The app ends its event streams and refuses new requests (503) before the front door closes:
      // Fastify closes a server it made itself at that point, and it did not make this one.
      await app.close();
      await frontDoor.close();
      await engine.stop();
      await vacuum.stop();
      await database.close();
    },
  };
}

function describeStart(config: Config, databaseKind: string, engine: RunningEngine): void {
  const lines = [
    '',
    `  Cinegraph is running at ${config.publicUrl}`,
    `  API docs:  ${config.publicUrl}/api/docs`,
    `  Database:  ${databaseKind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${path.join(config.dataDir, 'db')}`}`,
    `  Storage:   ${config.s3 ? `S3 bucket ${config.s3.bucket}` : `local folder ${path.join(config.dataDir, 'storage')}`}`,
    `  Mail:      ${config.smtpUrl ? 'SMTP (SMTP_URL)' : `outbox ${path.join(config.dataDir, 'outbox')} (sign-in links are also printed here)`}`,
    ...engine.workers.map((w) => `  Worker:    ${w.label} at ${w.url}`),
    `  Dispatcher: every ${config.dispatchIntervalMs} ms, ${config.jobRetries} retries when a worker disappears`,
    '',
  ];
  console.log(lines.join('\n'));
}
