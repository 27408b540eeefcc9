import type { Transporter } from 'nodemailer';
import type { MailMessage, Mailer } from './mailer';

export interface SmtpMailerOptions {
  /** e.g. `smtp://user:pass@smtp.example.com:587` or `smtps://...:465`. */
  smtpUrl: string;
  from: string;
}

/** Sends mail through an SMTP server with nodemailer. */
export class SmtpMailer implements Mailer {
  readonly #transport: Promise<Transporter>;
  readonly #from: string;
  readonly #server: string;

  constructor(options: SmtpMailerOptions) {
    const url = new URL(options.smtpUrl);
    // Named without credentials, so errors and logs never carry the password.
    this.#server = `${url.protocol}//${url.host}`;
    this.#from = options.from;
    // nodemailer waits minutes by default; a sign-in request should fail fast instead.
    // nodemailer loads only when SMTP is configured, and without holding up the start.
    this.#transport = import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport({
        url: options.smtpUrl,
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 30_000,
      }),
    );
  }

  async send(message: MailMessage): Promise<void> {
    try {
      await (await this.#transport).sendMail({ from: this.#from, ...message });
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err);
      throw new Error(`Could not send mail to ${message.to} through ${this.#server}: ${reason}`, {
        cause: err,
      });
    }
  }

  /** Closes pooled connections (tests and shutdown). */
  close(): void {
    void this.#transport.then((transport) => transport.close());
  }
}
