import { constants } from 'node:fs';
import { access, mkdir, readFile, readdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createTransport } from 'nodemailer';
import { assertMessage, newMailId, toNodemailer } from './message.ts';
import type { MailMessage, Mailbox, Mailer, SentMail } from './types.ts';

export interface FileMailerOptions {
  /** Outbox directory, e.g. `data/outbox`; created on first send. */
  dir: string;
  /** From header of the rendered `.eml`. */
  from?: string;
}

/**
 * Development mailer: each message becomes `<time>-<id>.json` (a SentMail, read by the dev
 * mailbox page and e2e tests) beside `<time>-<id>.eml`, the exact MIME message SMTP would carry.
 */
export class FileMailer implements Mailer, Mailbox {
  readonly kind = 'file' as const;
  readonly dir: string;
  readonly #from: string;
  // Renders the MIME message without sending it anywhere.
  readonly #render = createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

  constructor(options: FileMailerOptions) {
    this.dir = options.dir;
    this.#from = options.from ?? 'Brokerwise <no-reply@brokerwise.local>';
  }

  async send(msg: MailMessage): Promise<{ id: string }> {
    assertMessage(msg);
    const { id, sentAt } = newMailId();
    const { message: eml } = await this.#render.sendMail(toNodemailer(msg, this.#from, id, sentAt));
    if (!Buffer.isBuffer(eml)) throw new Error('stream transport did not buffer the message');
    const sent: SentMail = {
      id,
      to: msg.to,
      subject: msg.subject,
      text: msg.text,
      ...(msg.html !== undefined && { html: msg.html }),
      ...(msg.tags && { tags: msg.tags }),
      ...(msg.messageId && { messageId: msg.messageId }),
      ...(msg.headers && Object.keys(msg.headers).length > 0 && { headers: msg.headers }),
      sentAt: sentAt.toISOString(),
    };
    // Colons are not allowed in Windows file names; the name still sorts by time.
    const base = join(this.dir, `${sent.sentAt.replace(/:/g, '-')}-${id}`);
    await mkdir(this.dir, { recursive: true });
    await writeAtomic(`${base}.eml`, eml);
    // The .json is what list() reads, so it lands last and whole.
    await writeAtomic(`${base}.json`, `${JSON.stringify(sent, null, 2)}\n`);
    return { id };
  }

  /** Messages sent, newest first; only those to `to` (case-insensitive) when given. */
  async list(to?: string): Promise<SentMail[]> {
    let names: string[];
    try {
      names = await readdir(this.dir);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw err;
    }
    const files = names.filter((n) => n.endsWith('.json')).sort().reverse();
    const wanted = to?.trim().toLowerCase();
    const mails: SentMail[] = [];
    for (const name of files) {
      const mail = JSON.parse(await readFile(join(this.dir, name), 'utf8')) as SentMail;
      if (wanted === undefined || mail.to.toLowerCase() === wanted) mails.push(mail);
    }
    return mails;
  }

  async ping(): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    await access(this.dir, constants.W_OK);
  }

  async close(): Promise<void> {}
}

async function writeAtomic(path: string, data: Buffer | string): Promise<void> {
  const tmp = `${path}.tmp`;
  await writeFile(tmp, data);
  await rename(tmp, path);
}
