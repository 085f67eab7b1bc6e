import { sql, type ExpressionBuilder, type Kysely, type Selectable } from '@brokerwise/sql';
import type { NoticeCategory, NotificationsTables } from './types.ts';

type Db = Kysely<NotificationsTables>;
export type NoticeRow = Selectable<NotificationsTables['notice']>;
export type ListedNotice = NoticeRow & { is_read: boolean };

export interface NewNotice {
  id: string;
  userId: string | null;
  category: NoticeCategory;
  kind: string;
  params: Record<string, string>;
  sourceEventId: string | null;
  createdAt: Date;
}

/** Stores a notice; false when the same event already made one for this user (unique source key). */
export async function insertNotice(db: Db, n: NewNotice): Promise<boolean> {
  const r = await db
    .insertInto('notice')
    .values({ id: n.id, user_id: n.userId, category: n.category, kind: n.kind, params: JSON.stringify(n.params), source_event_id: n.sourceEventId, created_at: n.createdAt })
    .onConflict((oc) => oc.columns(['source_event_id', 'user_id']).where('source_event_id', 'is not', null).doNothing())
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
}

/**
 * Who sees what: the user's own notices, and system notices to everyone written since the user
 * registered (`since`; everything when we don't know when that was).
 */
export interface Audience {
  userId: string;
  since: Date;
}

type NoticeEb = ExpressionBuilder<NotificationsTables & { n: NotificationsTables['notice'] }, 'n'>;
const visibleTo = (a: Audience) => (eb: NoticeEb) =>
  eb.or([eb('n.user_id', '=', a.userId), eb.and([eb('n.user_id', 'is', null), eb('n.created_at', '>=', a.since)])]);

function withReadState(db: Db, a: Audience) {
  return db
    .selectFrom('notice as n')
    .leftJoin('notice_read as r', (j) => j.onRef('r.notice_id', '=', 'n.id').on('r.user_id', '=', a.userId))
    .where(visibleTo(a));
}

/** A page of one tab, newest first, each with whether this reader has read it. */
export async function listNotices(db: Db, a: Audience, category: NoticeCategory, page: { page: number; limit: number }): Promise<{ rows: ListedNotice[]; total: number }> {
  const base = withReadState(db, a).where('n.category', '=', category);
  const [rows, count] = await Promise.all([
    base
      .selectAll('n')
      .select(sql<boolean>`(n.read_at is not null or r.notice_id is not null)`.as('is_read'))
      .orderBy('n.created_at', 'desc')
      .orderBy('n.id', 'desc')
      .limit(page.limit)
      .offset((page.page - 1) * page.limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
  ]);
  return { rows: rows as ListedNotice[], total: Number(count?.n ?? 0) };
}

/** Unread notices per tab. */
export async function unreadCounts(db: Db, a: Audience): Promise<Record<NoticeCategory, number>> {
  const rows = await withReadState(db, a)
    .where('n.read_at', 'is', null)
    .where('r.notice_id', 'is', null)
    .select(['n.category', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('n.category')
    .execute();
  const out: Record<NoticeCategory, number> = { notices: 0, system: 0 };
  for (const r of rows) out[r.category] = Number(r.n);
  return out;
}

/** Marks the given notices (or every notice, of one tab or both) read for this reader; returns how many changed. */
export async function markRead(db: Db, a: Audience, which: { ids: string[] } | { category: NoticeCategory | null }, now: Date): Promise<number> {
  return db.transaction().execute(async (trx) => {
    let own = trx.updateTable('notice').set({ read_at: now }).where('user_id', '=', a.userId).where('read_at', 'is', null);
    let broadcasts = trx
      .selectFrom('notice')
      .select((eb) => ['id', eb.val(a.userId).as('user_id'), eb.val(now).as('read_at')])
      .where('user_id', 'is', null)
      .where('created_at', '>=', a.since);
    if ('ids' in which) {
      if (which.ids.length === 0) return 0;
      own = own.where('id', 'in', which.ids);
      broadcasts = broadcasts.where('id', 'in', which.ids);
    } else if (which.category) {
      own = own.where('category', '=', which.category);
      broadcasts = broadcasts.where('category', '=', which.category);
    }
    const updated = await own.executeTakeFirst();
    const inserted = await trx
      .insertInto('notice_read')
      .columns(['notice_id', 'user_id', 'read_at'])
      .expression(broadcasts)
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst();
    return Number(updated.numUpdatedRows ?? 0) + Number(inserted.numInsertedOrUpdatedRows ?? 0);
  });
}
