import type { MailLogger, Mailer } from './mailer';
import { OutboxMailer } from './outbox-mailer';
import { SmtpMailer } from './smtp-mailer';

export interface MailerConfig {
  /** When set, mail goes out over SMTP; otherwise it lands in `<dataDir>/outbox`. */
  smtpUrl?: string;
  from: string;
  dataDir: string;
  logger: MailLogger;
}

export function createMailer(config: MailerConfig): Mailer {
  if (config.smtpUrl) return new SmtpMailer({ smtpUrl: config.smtpUrl, from: config.from });
  return new OutboxMailer({ dataDir: config.dataDir, from: config.from, logger: config.logger });
}
