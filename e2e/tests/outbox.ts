import fs from 'node:fs/promises';
import path from 'node:path';
import { E2E_DATA_DIR } from '../playwright.config';

interface OutboxMessage {
  to: string;
  subject: string;
  text: string;
}

/**
 * The sign-in link of the newest mail to `email` in the studio's outbox, waiting for it to arrive.
 * `dataDir`: another studio's data folder (a journey that starts its own).
 */
export async function latestSignInLink(
  email: string,
  timeoutMs = 10_000,
  dataDir = E2E_DATA_DIR,
): Promise<string> {
  const outbox = path.join(dataDir, 'outbox');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const names = (await fs.readdir(outbox).catch(() => [] as string[]))
      .filter((n) => n.endsWith('.json'))
      .sort();
    for (const name of names.reverse()) {
      const message = JSON.parse(await fs.readFile(path.join(outbox, name), 'utf8')) as OutboxMessage;
      const link = message.to === email ? message.text.match(/https?:\/\/\S+[?&]token=[A-Za-z0-9_-]+/) : null;
      if (link) return link[0];
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`No sign-in link for ${email} in ${outbox}`);
}
