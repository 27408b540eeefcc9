import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { MailLogger, MailMessage, Mailer } from './mailer';
import { outboxFileName, type OutboxMessage } from './outbox';

export interface OutboxMailerOptions {
  /** Messages go to `<dataDir>/outbox`. */
  dataDir: string;
  from: string;
  logger: MailLogger;
}

/**
 * The embedded mailer: nothing is sent; each message becomes a JSON file in the outbox (tests read it)
 * and a log line, and its first link is printed on a line of its own, so a developer signs in from the
 * terminal.
 */
export class OutboxMailer implements Mailer {
  readonly outboxDir: string;
  readonly #from: string;
  readonly #logger: MailLogger;

  constructor(options: OutboxMailerOptions) {
    this.outboxDir = path.join(options.dataDir, 'outbox');
    this.#from = options.from;
    this.#logger = options.logger;
  }

  async send(message: MailMessage): Promise<void> {
    const record: OutboxMessage = {
      to: message.to,
      from: this.#from,
      subject: message.subject,
      text: message.text,
      html: message.html ?? null,
      sent_at: new Date().toISOString(),
    };
    const file = path.join(this.outboxDir, outboxFileName());
    await mkdir(this.outboxDir, { recursive: true });
    // Written aside and renamed, so a reader never sees half a message.
    await writeFile(`${file}.tmp`, JSON.stringify(record, null, 2));
    await rename(`${file}.tmp`, file);
    this.#logger.info(`Mail to ${message.to} "${message.subject}" saved to ${file}`);
    const link = /https?:\/\/\S+/.exec(message.text)?.[0];
    if (link) this.#logger.print?.(`\n  ${message.subject} for ${message.to}:\n  ${link}\n`);
  }
}
