import { randomUUID } from 'node:crypto';
import {
  confirmedSubscriptions,
  findByEmailForUpdate,
  findSubscription,
  insertIssue,
  insertPending,
  noteConfirmationSent,
  setConfirmed,
  setUnsubscribed,
  type SubscriptionRow,
} from '../store/subscription.store.ts';
import type { Locale, SubscriptionStatus } from '../store/types.ts';
import { addressesOptedOut } from '../store/user.store.ts';
import type { NotificationsContext } from './context.ts';
import { invalidInput, tokenExpired, tokenInvalid } from './errors.ts';
import { newsletterConfirmMail, newsletterIssueMail } from './mail-templates.ts';
import { queueMail } from './mail-queue.ts';
import { signToken, verifyToken } from './tokens.ts';

export const EMAIL_MAX = 254;
// The same shape identity accepts at registration (and the mail port accepts as a recipient).
const EMAIL_SHAPE = /^[^\s@<>",;()[\]\\]+@[^\s@<>",;()[\]\\.]+(\.[^\s@<>",;()[\]\\.]+)+$/u;

export function emailProblem(email: string): 'required' | 'format' | undefined {
  const e = email.trim().toLowerCase();
  if (e === '') return 'required';
  if (e.length > EMAIL_MAX || !EMAIL_SHAPE.test(e)) return 'format';
  return undefined;
}

type Ctx = Pick<NotificationsContext, 'db' | 'now' | 'siteUrl' | 'mailDomain' | 'newsletter'>;

export const confirmUrl = (siteUrl: string, token: string) => `${siteUrl}/newsletter/confirm?token=${encodeURIComponent(token)}`;
export const unsubscribeUrl = (siteUrl: string, token: string) => `${siteUrl}/newsletter/unsubscribe?token=${encodeURIComponent(token)}`;

/**
 * Footer subscription, double opt-in: a new (or unsubscribed) address becomes pending and gets a
 * confirmation mail with a signed, expiring link. One row per address: subscribing again while
 * pending sends another mail only after NEWSLETTER_RESEND_MINUTES; while confirmed, nothing.
 * `mailed` says whether this call queued a confirmation mail.
 */
export async function subscribe(ctx: Ctx, input: { email: string; locale: Locale }): Promise<{ status: SubscriptionStatus; mailed: boolean }> {
  const problem = emailProblem(input.email);
  if (problem) throw invalidInput({ email: problem });
  const email = input.email.trim().toLowerCase();
  return ctx.db.transaction().execute(async (trx) => {
    const now = ctx.now();
    let row: SubscriptionRow | undefined = await findByEmailForUpdate(trx, email);
    // A concurrent first subscription of the same address wins the insert; take its row.
    row ??= (await insertPending(trx, { id: randomUUID(), email, locale: input.locale, now })) ?? (await findByEmailForUpdate(trx, email))!;
    if (row.status === 'confirmed') return { status: 'confirmed' as const, mailed: false };
    const recent = row.status === 'pending' && row.confirm_sent_at !== null && now.getTime() - row.confirm_sent_at.getTime() < ctx.newsletter.resendAfterMs;
    if (recent) return { status: 'pending' as const, mailed: false };
    const sent = await noteConfirmationSent(trx, row.id, input.locale, now);
    const hours = Math.round(ctx.newsletter.confirmTtlMs / 3600_000);
    const token = signToken(ctx.newsletter.secret, { p: 'c', s: sent.id, n: sent.confirm_seq, e: Math.floor((now.getTime() + ctx.newsletter.confirmTtlMs) / 1000) });
    await queueMail(trx, ctx, {
      dedupeKey: `newsletter-confirm:${sent.id}:${sent.confirm_seq}`,
      kind: 'newsletter_confirm',
      to: email,
      locale: input.locale,
      content: newsletterConfirmMail({ email, confirmUrl: confirmUrl(ctx.siteUrl, token), hours }, input.locale),
      tags: { event: 'newsletter_confirm' },
    });
    return { status: 'pending' as const, mailed: true };
  });
}

/** The confirmation link: pending → confirmed (again: still confirmed). Expired or superseded links are refused. */
export async function confirm(ctx: Pick<NotificationsContext, 'db' | 'now' | 'newsletter'>, token: string): Promise<{ status: SubscriptionStatus; email: string; locale: Locale }> {
  const payload = verifyToken(ctx.newsletter.secret, token, 'c');
  if (!payload) throw tokenInvalid();
  const row = await findSubscription(ctx.db, payload.s);
  if (!row) throw tokenInvalid();
  if (row.status === 'confirmed') return { status: row.status, email: row.email, locale: row.locale };
  // Unsubscribed since, or a newer confirmation mail replaced this one, or simply too late.
  if (row.status !== 'pending' || payload.n !== row.confirm_seq || payload.e * 1000 <= ctx.now().getTime()) throw tokenExpired();
  const done = await setConfirmed(ctx.db, row.id, ctx.now());
  return { status: done.status, email: done.email, locale: done.locale };
}

/** The unsubscribe link (every newsletter mail, List-Unsubscribe): one call, and the address gets no more issues. */
export async function unsubscribe(ctx: Pick<NotificationsContext, 'db' | 'now' | 'newsletter'>, token: string): Promise<{ status: SubscriptionStatus; email: string; locale: Locale }> {
  const payload = verifyToken(ctx.newsletter.secret, token, 'u');
  if (!payload) throw tokenInvalid();
  const row = await findSubscription(ctx.db, payload.s);
  if (!row) throw tokenInvalid();
  const done = row.status === 'unsubscribed' ? row : await setUnsubscribed(ctx.db, row.id, ctx.now());
  return { status: done.status, email: done.email, locale: done.locale };
}

export interface IssueInput {
  subject: { en: string; zh: string };
  body: { en: string; zh: string };
  adminId: string;
}

export const ISSUE_SUBJECT_MAX = 150;
export const ISSUE_BODY_MAX = 20_000;

/**
 * An admin sends an issue: one mail per confirmed subscriber, in the language they subscribed in,
 * each with its own unsubscribe link and List-Unsubscribe headers (RFC 8058 one-click). Users
 * who turned non-essential mails off are skipped. Both languages are required.
 */
export async function sendIssue(ctx: Ctx, input: IssueInput): Promise<{ id: string; recipients: number }> {
  const fields: Record<string, string> = {};
  const subject = { en: input.subject.en.trim(), zh: input.subject.zh.trim() };
  const body = { en: input.body.en.trim(), zh: input.body.zh.trim() };
  if (!subject.en || !subject.zh) fields.subject = 'required';
  else if (subject.en.length > ISSUE_SUBJECT_MAX || subject.zh.length > ISSUE_SUBJECT_MAX || /[\r\n]/.test(subject.en + subject.zh)) fields.subject = 'length';
  if (!body.en || !body.zh) fields.body = 'required';
  else if (body.en.length > ISSUE_BODY_MAX || body.zh.length > ISSUE_BODY_MAX) fields.body = 'length';
  if (Object.keys(fields).length > 0) throw invalidInput(fields);
  const id = randomUUID();
  return ctx.db.transaction().execute(async (trx) => {
    const subscribers = await confirmedSubscriptions(trx);
    const optedOut = await addressesOptedOut(
      trx,
      subscribers.map((s) => s.email),
    );
    const recipients = subscribers.filter((s) => !optedOut.has(s.email));
    for (const s of recipients) {
      const url = unsubscribeUrl(ctx.siteUrl, signToken(ctx.newsletter.secret, { p: 'u', s: s.id }));
      const zh = s.locale === 'zh-cn';
      await queueMail(trx, ctx, {
        dedupeKey: `newsletter-issue:${id}:${s.id}`,
        kind: 'newsletter_issue',
        to: s.email,
        locale: s.locale,
        content: newsletterIssueMail({ subject: zh ? subject.zh : subject.en, body: zh ? body.zh : body.en, unsubscribeUrl: url }, s.locale),
        headers: { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
        tags: { event: 'newsletter_issue', issue: id },
      });
    }
    await insertIssue(trx, { id, subjectEn: subject.en, subjectZh: subject.zh, bodyEn: body.en, bodyZh: body.zh, createdBy: input.adminId, recipients: recipients.length, now: ctx.now() });
    return { id, recipients: recipients.length };
  });
}
