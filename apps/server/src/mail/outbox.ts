import { randomBytes } from 'node:crypto';
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';

/** One message as the outbox mailer writes it to `<dataDir>/outbox/<timestamp>-<random>.json`. */
export interface OutboxMessage {
  to: string;
  from: string;
  subject: string;
  text: string;
  html: string | null;
  sent_at: string;
}

let lastStamp = 0;

/**
 * A file name that sorts in sending order: an ISO timestamp made strictly increasing within the
 * process (two messages in one millisecond keep their order), with ':' replaced so it is valid on
 * every file system.
 */
export function outboxFileName(now = Date.now()): string {
  lastStamp = Math.max(now, lastStamp + 1);
  const stamp = new Date(lastStamp).toISOString().replaceAll(':', '-');
  return `${stamp}-${randomBytes(4).toString('hex')}.json`;
}

/** Every message in an outbox folder, oldest first; a missing folder is an empty outbox. */
export async function readOutbox(outboxDir: string): Promise<OutboxMessage[]> {
  let names: string[];
  try {
    names = await readdir(outboxDir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  // Half-written files end in ".tmp" until renamed, so only ".json" files are whole messages.
  const files = names.filter((name) => name.endsWith('.json')).sort();
  return Promise.all(
    files.map(
      async (name) => JSON.parse(await readFile(path.join(outboxDir, name), 'utf8')) as OutboxMessage,
    ),
  );
}

/** The newest message, optionally only among those sent to `to` (compared case-insensitively). */
export async function readLatestMessage(outboxDir: string, to?: string): Promise<OutboxMessage | null> {
  const messages = await readOutbox(outboxDir);
  const wanted = to?.toLowerCase();
  const matching = wanted ? messages.filter((message) => message.to.toLowerCase() === wanted) : messages;
  return matching.at(-1) ?? null;
}
