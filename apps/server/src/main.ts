import { ConfigError, loadConfig, type Config } from './config';
import { DatabaseLockedError } from './db/pglite-lock';
import { openFrontDoor } from './http/front-door';
import { webAppEarlyAnswers } from './http/web-app-early';

/**
 * The studio listens first, having loaded only its front door: the landing page and the web app's
 * files are answered at once, while the rest of the server loads and opens its database (most of the
 * start); API calls wait for it. A stop asked for meanwhile waits for the start, so the database is
 * never left half-opened.
 */
async function main(): Promise<void> {
  const config = readConfigOrExit();
  const frontDoor = await openFrontDoor({
    port: config.port,
    host: config.host,
    answerEarly: webAppEarlyAnswers(config.webDist),
  });
  const studio = import('./start-studio').then(({ startStudio }) => startStudio(config, frontDoor));
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      // A start that fails exits on its own, saying why (below).
      studio.then(
        async (running) => {
          await running.stop(signal);
          process.exit(0);
        },
        () => {},
      );
    });
  }
  await studio;
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

main().catch((error: unknown) => {
  if (error instanceof DatabaseLockedError) console.error(error.message);
  else console.error(error);
  process.exit(1);
});
