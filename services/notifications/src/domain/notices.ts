import { randomUUID } from 'node:crypto';
import { isSafeLocalPath } from '@brokerwise/safe-url';
import { enqueueEvent } from '@brokerwise/service-kit';
import type { Kysely } from '@brokerwise/sql';
import { noticeCreated } from '../events/publish.ts';
import { findCompanies } from '../store/company.store.ts';
import { insertNotice, listNotices, markRead, unreadCounts, type Audience, type ListedNotice } from '../store/notice.store.ts';
import { findPosts } from '../store/post.store.ts';
import type { Locale, NoticeCategory, NotificationsTables } from '../store/types.ts';
import { findUser, findUsers } from '../store/user.store.ts';
import type { NotificationsContext, RequestMeta } from './context.ts';
import { invalidInput } from './errors.ts';
import { renderNotice, type NoticeKind, type RenderedNotice } from './render.ts';

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface NewNoticeInput {
  /** Recipient; null = every user (a system notice). */
  userId: string | null;
  kind: NoticeKind;
  params: Record<string, string>;
  /** The event it came from: a redelivery of the same event makes no second notice. */
  sourceEventId: string | null;
  at: Date;
  correlationId?: string | undefined;
}

/**
 * Stores a notice and, in the same transaction, the `notifications.notice.created` signal.
 * Returns the new notice's id, or null when the event had already made this user's notice.
 */
export async function recordNotice(trx: Kysely<NotificationsTables>, input: NewNoticeInput): Promise<string | null> {
  const id = randomUUID();
  const category: NoticeCategory = input.kind === 'system' ? 'system' : 'notices';
  const inserted = await insertNotice(trx, { id, userId: input.userId, category, kind: input.kind, params: input.params, sourceEventId: input.sourceEventId, createdAt: input.at });
  if (!inserted) return null;
  await enqueueEvent(trx, noticeCreated(input.userId, id, category, input.at, input.correlationId));
  return id;
}

/** System notices to everyone count for a user from their registration on (all of them when unknown). */
async function audienceOf(db: Kysely<NotificationsTables>, userId: string): Promise<Audience> {
  const user = await findUser(db, userId);
  return { userId, since: user?.registered_at ?? new Date(0) };
}

export interface NoticeView extends RenderedNotice {
  id: string;
  category: NoticeCategory;
  kind: string;
  read: boolean;
  createdAt: Date;
}

async function render(db: Kysely<NotificationsTables>, rows: ListedNotice[], lang: Locale): Promise<NoticeView[]> {
  const [users, companies, posts] = await Promise.all([
    findUsers(
      db,
      rows.map((r) => r.params.actorId).filter((x): x is string => !!x),
    ),
    findCompanies(
      db,
      rows.map((r) => r.params.companyId).filter((x): x is string => !!x && UUID.test(x)),
    ),
    findPosts(
      db,
      rows.map((r) => r.params.postId).filter((x): x is string => !!x && UUID.test(x)),
    ),
  ]);
  return rows.map((r) => ({
    id: r.id,
    category: r.category,
    kind: r.kind,
    read: r.is_read,
    createdAt: r.created_at,
    ...renderNotice(r, lang, { users, companies, posts }),
  }));
}

/** One tab of a user's notices, newest first, in the reader's language, with the unread counts. */
export async function noticesOf(
  ctx: Pick<NotificationsContext, 'db'>,
  q: { userId: string; category: NoticeCategory; page: number; limit: number; lang: Locale },
): Promise<{ items: NoticeView[]; total: number; unread: Record<NoticeCategory, number> }> {
  const audience = await audienceOf(ctx.db, q.userId);
  const [{ rows, total }, unread] = await Promise.all([listNotices(ctx.db, audience, q.category, q), unreadCounts(ctx.db, audience)]);
  return { items: await render(ctx.db, rows, q.lang), total, unread };
}

export async function unreadOf(ctx: Pick<NotificationsContext, 'db'>, userId: string): Promise<Record<NoticeCategory, number>> {
  return unreadCounts(ctx.db, await audienceOf(ctx.db, userId));
}

/** Marks notices read: some by id (unknown or other users' ids are ignored), or all (of one tab). */
export async function readNotices(
  ctx: Pick<NotificationsContext, 'db' | 'now'>,
  userId: string,
  which: { ids: string[] } | { category: NoticeCategory | null },
): Promise<{ updated: number; unread: Record<NoticeCategory, number> }> {
  if ('ids' in which && which.ids.some((id) => !UUID.test(id))) throw invalidInput({ ids: 'invalid' });
  const audience = await audienceOf(ctx.db, userId);
  const updated = await markRead(ctx.db, audience, which, ctx.now());
  return { updated, unread: await unreadCounts(ctx.db, audience) };
}

export interface SystemNoticeInput {
  /** One user, or everyone when absent. */
  userId?: string | undefined;
  title: { en: string; zh: string };
  body: { en: string; zh: string };
  /** Optional site-relative link ("/promotion"). */
  link?: string | undefined;
  adminId: string;
}

export const SYSTEM_TITLE_MAX = 100;
export const SYSTEM_BODY_MAX = 2000;

/** An admin's system notice, to one user or to everyone; at least one language of each text. */
export async function sendSystemNotice(
  ctx: Pick<NotificationsContext, 'db' | 'now'>,
  input: SystemNoticeInput,
  meta: RequestMeta = {},
): Promise<{ id: string; audience: 'user' | 'everyone' }> {
  const fields: Record<string, string> = {};
  const t = { en: input.title.en.trim(), zh: input.title.zh.trim() };
  const b = { en: input.body.en.trim(), zh: input.body.zh.trim() };
  if (!t.en && !t.zh) fields.title = 'required';
  else if (t.en.length > SYSTEM_TITLE_MAX || t.zh.length > SYSTEM_TITLE_MAX) fields.title = 'length';
  if (!b.en && !b.zh) fields.body = 'required';
  else if (b.en.length > SYSTEM_BODY_MAX || b.zh.length > SYSTEM_BODY_MAX) fields.body = 'length';
  const link = input.link?.trim() ?? '';
  // Shown as a link to every recipient: only a path on this site (no `//host`, `/\\host`, scheme).
  if (link && (link.length > 300 || /\s/.test(link) || !isSafeLocalPath(link))) fields.link = 'invalid';
  if (input.userId !== undefined && !UUID.test(input.userId)) fields.userId = 'invalid';
  if (Object.keys(fields).length > 0) throw invalidInput(fields);
  const userId = input.userId?.toLowerCase() ?? null;
  const id = await ctx.db.transaction().execute((trx) =>
    recordNotice(trx, {
      userId,
      kind: 'system',
      params: { titleEn: t.en, titleZh: t.zh, bodyEn: b.en, bodyZh: b.zh, adminId: input.adminId, ...(link ? { link } : {}) },
      sourceEventId: null,
      at: ctx.now(),
      correlationId: meta.correlationId,
    }),
  );
  return { id: id!, audience: userId ? 'user' : 'everyone' };
}
