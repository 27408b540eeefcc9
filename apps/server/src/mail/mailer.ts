export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** Sends mail: SMTP in production, the outbox folder otherwise. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export interface MailLogger {
  info(msg: string): void;
  /** Writes text as it is to the terminal, beside the JSON log lines (where a link is hard to copy). */
  print?(text: string): void;
}
