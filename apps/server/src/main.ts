import path from 'node:path';
import { buildApp } from './app';
import { DEFAULT_SIGN_IN_LIMITS } from './services/auth';
import { ConfigError, loadConfig, type Config } from './config';
import { openDatabase } from './db/client';
import { DatabaseLockedError } from './db/pglite-lock';
import { startEngine, type RunningEngine } from './engine/start-engine';
import { createMailer } from './mail/create-mailer';
import { resolveSecret } from './secret';
import { startUploadSweeper } from './services/assets/stale-uploads';
import { startAttemptSweeper } from './services/attempt-counts';
import { startCutRenderer } from './services/cut/cut-renderer';
import { useEditorPassSecret } from './services/comfy-editor/editor-pass';
import { sealPlainWorkerKeys, useWorkerKeySecret } from './services/workers/worker-keys';
import { seedTemplateMovies } from './services/movies/templates';
import { createStorage } from './storage/create-storage';

async function main(): Promise<void> {
  const config = readConfigOrExit();
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
  const app = await buildApp({ config, db: database.db, storage, mailer, signInLimits });
  const sweeper = startUploadSweeper(database.db, storage, app.log);
  const attemptSweeper = startAttemptSweeper(database.db, app.log);
  const cutRenderer = startCutRenderer(database.db, { storage, publicUrl: config.publicUrl }, app.log);
  let engine: RunningEngine | null = null;

  const shutdown = async (signal: string) => {
    app.log.info(`${signal}: shutting down`);
    sweeper.stop();
    attemptSweeper.stop();
    await cutRenderer.stop();
    await app.close();
    await engine?.stop();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  // Answer first: pages load while the preview worker starts and the pool checks its workers.
  await app.listen({ port: config.port, host: config.host });
  engine = await startEngine({
    config,
    db: database.db,
    storage,
    log: { info: (m) => app.log.info(m), warn: (m) => app.log.warn(m) },
  });

  describeStart(config, database.kind, engine);
}

function readConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
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

main().catch((error: unknown) => {
  if (error instanceof DatabaseLockedError) console.error(error.message);
  else console.error(error);
  process.exit(1);
});
