import { createHash, randomUUID } from 'node:crypto';
import type { Kysely } from '@brokerwise/sql';
import { insertMail } from '../store/mail.store.ts';
import type { Locale, NotificationsTables } from '../store/types.ts';
import type { NotificationsContext } from './context.ts';
import type { MailContent } from './mail-templates.ts';

export type MailKind = 'code' | 'review_decision' | 'application_decision' | 'newsletter_confirm' | 'newsletter_issue' | 'appeal_decision' | 'company_reply' | 'representative_decision' | 'complaint';

export interface QueueMailInput {
  /** What this mail is for, e.g. `code:<event id>`: the same key never queues a second mail. */
  dedupeKey: string;
  kind: MailKind;
  to: string;
  locale: Locale;
  content: MailContent;
  headers?: Record<string, string>;
  tags?: Record<string, string>;
  /** Not sent after this (codes). */
  expiresAt?: Date | null;
}

/** The Message-ID of a mail, derived from what it is for: each retry of it carries the same one. */
export function messageIdFor(kind: MailKind, dedupeKey: string, domain: string): string {
  return `${kind.replace(/_/g, '-')}.${createHash('sha256').update(dedupeKey).digest('hex').slice(0, 32)}@${domain}`;
}

/**
 * Puts a mail in the queue inside the caller's transaction (so it exists exactly when the fact
 * that caused it committed); the sender loop delivers it. False when it was already queued.
 */
export async function queueMail(trx: Kysely<NotificationsTables>, ctx: Pick<NotificationsContext, 'now' | 'mailDomain'>, m: QueueMailInput): Promise<boolean> {
  return insertMail(trx, {
    id: randomUUID(),
    dedupeKey: m.dedupeKey,
    messageId: messageIdFor(m.kind, m.dedupeKey, ctx.mailDomain),
    kind: m.kind,
    to: m.to,
    locale: m.locale,
    subject: m.content.subject,
    text: m.content.text,
    html: m.content.html,
    headers: m.headers ?? {},
    tags: { kind: m.kind, ...(m.tags ?? {}) },
    expiresAt: m.expiresAt ?? null,
    now: ctx.now(),
  });
}

/** The MAIL_FROM domain, for Message-IDs. */
export function mailDomainOf(from: string): string {
  return /@([A-Za-z0-9.-]+)/.exec(from)?.[1] ?? 'brokerwise.local';
}
