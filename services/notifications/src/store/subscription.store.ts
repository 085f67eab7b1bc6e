import { sql, type Kysely, type Selectable } from '@brokerwise/sql';
import type { Locale, NotificationsTables } from './types.ts';

type Db = Kysely<NotificationsTables>;
export type SubscriptionRow = Selectable<NotificationsTables['subscription']>;

/** The subscription of an address, locked for the caller's transaction. */
export async function findByEmailForUpdate(db: Db, email: string): Promise<SubscriptionRow | undefined> {
  return db.selectFrom('subscription').selectAll().where('email', '=', email).forUpdate().executeTakeFirst();
}

export async function findSubscription(db: Db, id: string): Promise<SubscriptionRow | undefined> {
  return db.selectFrom('subscription').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Creates the pending row; undefined when a concurrent request created it first. */
export async function insertPending(db: Db, s: { id: string; email: string; locale: Locale; now: Date }): Promise<SubscriptionRow | undefined> {
  return db
    .insertInto('subscription')
    .values({ id: s.id, email: s.email, status: 'pending', locale: s.locale, created_at: s.now })
    .onConflict((oc) => oc.column('email').doNothing())
    .returningAll()
    .executeTakeFirst();
}

/** Records a confirmation mail: back to pending (from unsubscribed too), newest link number. */
export async function noteConfirmationSent(db: Db, id: string, locale: Locale, now: Date): Promise<SubscriptionRow> {
  return db
    .updateTable('subscription')
    .set({ status: 'pending', locale, confirm_sent_at: now, confirm_seq: sql`confirm_seq + 1`, unsubscribed_at: null })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function setConfirmed(db: Db, id: string, now: Date): Promise<SubscriptionRow> {
  return db.updateTable('subscription').set({ status: 'confirmed', confirmed_at: now }).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

export async function setUnsubscribed(db: Db, id: string, now: Date): Promise<SubscriptionRow> {
  return db.updateTable('subscription').set({ status: 'unsubscribed', unsubscribed_at: now }).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

export async function confirmedSubscriptions(db: Db): Promise<SubscriptionRow[]> {
  return db.selectFrom('subscription').selectAll().where('status', '=', 'confirmed').orderBy('created_at').execute();
}

export async function insertIssue(
  db: Db,
  i: { id: string; subjectEn: string; subjectZh: string; bodyEn: string; bodyZh: string; createdBy: string; recipients: number; now: Date },
): Promise<void> {
  await db
    .insertInto('newsletter_issue')
    .values({ id: i.id, subject_en: i.subjectEn, subject_zh: i.subjectZh, body_en: i.bodyEn, body_zh: i.bodyZh, created_by: i.createdBy, recipients: i.recipients, created_at: i.now })
    .execute();
}
