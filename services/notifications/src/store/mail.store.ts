import { sql, type Kysely, type Selectable } from '@brokerwise/sql';
import type { Locale, NotificationsTables } from './types.ts';

type Db = Kysely<NotificationsTables>;
export type MailRow = Selectable<NotificationsTables['mail']>;

export interface NewMail {
  id: string;
  dedupeKey: string;
  messageId: string;
  kind: string;
  to: string;
  locale: Locale;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
  tags: Record<string, string>;
  expiresAt: Date | null;
  now: Date;
}

/** Queues a mail in the caller's transaction; false when one with the same dedupe key exists. */
export async function insertMail(db: Db, m: NewMail): Promise<boolean> {
  const r = await db
    .insertInto('mail')
    .values({
      id: m.id,
      dedupe_key: m.dedupeKey,
      message_id: m.messageId,
      kind: m.kind,
      to_address: m.to,
      locale: m.locale,
      subject: m.subject,
      text: m.text,
      html: m.html,
      headers: JSON.stringify(m.headers),
      tags: JSON.stringify(m.tags),
      status: 'pending',
      next_attempt_at: m.now,
      expires_at: m.expiresAt,
      created_at: m.now,
    })
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
}

/**
 * Claims up to `limit` due mails: pending ones whose time has come, and ones a sender claimed but
 * never settled (it died) once their lock ran out. SKIP LOCKED lets several senders share the table.
 */
export async function claimDue(db: Db, now: Date, limit: number, lockMs: number): Promise<MailRow[]> {
  return db.transaction().execute(async (trx) => {
    const due = await trx
      .selectFrom('mail')
      .select('id')
      .where((eb) =>
        eb.or([
          eb.and([eb('status', '=', 'pending'), eb('next_attempt_at', '<=', now)]),
          eb.and([eb('status', '=', 'sending'), eb('locked_until', '<=', now)]),
        ]),
      )
      .orderBy('next_attempt_at')
      .limit(limit)
      .forUpdate()
      .skipLocked()
      .execute();
    if (due.length === 0) return [];
    return trx
      .updateTable('mail')
      .set({ status: 'sending', locked_until: new Date(now.getTime() + lockMs), attempts: sql`attempts + 1` })
      .where(
        'id',
        'in',
        due.map((d) => d.id),
      )
      .returningAll()
      .execute();
  });
}

/** Bodies of code mails are blanked once they are sent or dropped: no code stays at rest here. */
const scrubbed = (scrub: boolean) => (scrub ? { text: '', html: '' } : {});

export async function markSent(db: Db, id: string, now: Date, scrub: boolean): Promise<void> {
  await db.updateTable('mail').set({ status: 'sent', sent_at: now, locked_until: null, last_error: null, ...scrubbed(scrub) }).where('id', '=', id).execute();
}

export async function markRetry(db: Db, id: string, at: Date, error: string): Promise<void> {
  await db.updateTable('mail').set({ status: 'pending', next_attempt_at: at, locked_until: null, last_error: error.slice(0, 500) }).where('id', '=', id).execute();
}

export async function markGivenUp(db: Db, id: string, status: 'failed' | 'expired', error: string | null, scrub: boolean): Promise<void> {
  await db.updateTable('mail').set({ status, locked_until: null, last_error: error?.slice(0, 500) ?? null, ...scrubbed(scrub) }).where('id', '=', id).execute();
}

/** When the next mail falls due (for the sender's timer), or undefined when none waits. */
export async function nextDue(db: Db): Promise<Date | undefined> {
  const r = await db
    .selectFrom('mail')
    .select((eb) => eb.fn.min(sql<Date>`case when status = 'pending' then next_attempt_at else locked_until end`).as('at'))
    .where('status', 'in', ['pending', 'sending'])
    .executeTakeFirst();
  return r?.at ? new Date(r.at) : undefined;
}

/** Forgets mails that are done (sent, failed, expired) and older than `before`; returns how many. */
export async function purgeDone(db: Db, before: Date): Promise<number> {
  const r = await db.deleteFrom('mail').where('status', 'in', ['sent', 'failed', 'expired']).where('created_at', '<', before).executeTakeFirst();
  return Number(r.numDeletedRows ?? 0);
}
