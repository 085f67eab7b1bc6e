import { join } from 'node:path';
import { FileMailer } from './file.ts';
import { SmtpMailer } from './smtp.ts';
import type { Mailbox, Mailer } from './types.ts';

export type { MailMessage, Mailbox, Mailer, SentMail } from './types.ts';
export { FileMailer, type FileMailerOptions } from './file.ts';
export { SmtpMailer, type SmtpMailerOptions } from './smtp.ts';
export { TAGS_HEADER } from './message.ts';

export interface MailerConfig {
  /** The process's data directory; the file mailer writes to `<dataDir>/outbox`. */
  dataDir: string;
  /** Set in production (`SMTP_URL`); without it mail goes to the outbox directory. */
  smtpUrl?: string;
  from: string;
}

/** The configured mailer; only the file mailer has `list` (the dev mailbox page checks for it). */
export function createMailer(config: MailerConfig): Mailer & Partial<Mailbox> {
  if (config.smtpUrl) return new SmtpMailer({ url: config.smtpUrl, from: config.from });
  return new FileMailer({ dir: join(config.dataDir, 'outbox'), from: config.from });
}
