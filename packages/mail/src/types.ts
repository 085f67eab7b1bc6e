/**
 * Mail port: `FileMailer` (writes .eml + .json under data/outbox/, read by the dev mailbox page)
 * and `SmtpMailer` (nodemailer over SMTP).
 */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Free-form tags kept with the message (e.g. `{ event: 'user_register' }`), useful for tests. */
  tags?: Record<string, string>;
  /**
   * Message-ID without angle brackets (`local@domain`). Give the same one to every attempt of the
   * same mail, so a receiver can drop a copy a retried send delivered twice. Default: a new one.
   */
  messageId?: string;
  /** Extra headers, e.g. `List-Unsubscribe`; ASCII names, values without line breaks. */
  headers?: Record<string, string>;
}

export interface SentMail extends MailMessage {
  id: string;
  sentAt: string;
}

export interface Mailer {
  readonly kind: 'file' | 'smtp';
  send(msg: MailMessage): Promise<{ id: string }>;
  /** Throws when the transport is unreachable (readiness probe). */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** Only the file adapter keeps a readable mailbox (dev mailbox page, e2e tests). */
export interface Mailbox {
  list(to?: string): Promise<SentMail[]>;
}
