import { createTransport } from 'nodemailer';
import { assertMessage, newMailId, toNodemailer } from './message.ts';
import type { MailMessage, Mailer } from './types.ts';

export interface SmtpMailerOptions {
  /**
   * `smtp://user:pass@host:587` (STARTTLS when offered) or `smtps://…:465` (TLS from the start).
   * nodemailer reads further options from the query string, e.g. `?tls.rejectUnauthorized=false`.
   */
  url: string;
  /** From header, e.g. `Brokerwise <no-reply@brokerwise.com>`. */
  from: string;
}

/** Production mailer: nodemailer over a small pool of SMTP connections. */
export class SmtpMailer implements Mailer {
  readonly kind = 'smtp' as const;
  readonly #from: string;
  readonly #transport: ReturnType<typeof createTransport>;

  constructor(options: SmtpMailerOptions) {
    this.#from = options.from;
    this.#transport = createTransport({
      pool: true,
      maxConnections: 3,
      url: options.url,
      // nodemailer waits up to 2 minutes to connect by default; a dead relay should show up in
      // readiness and in the caller's retry much sooner.
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 60_000,
    });
  }

  async send(msg: MailMessage): Promise<{ id: string }> {
    assertMessage(msg);
    const { id, sentAt } = newMailId();
    await this.#transport.sendMail(toNodemailer(msg, this.#from, id, sentAt));
    return { id };
  }

  async ping(): Promise<void> {
    await this.#transport.verify();
  }

  async close(): Promise<void> {
    this.#transport.close();
  }
}
