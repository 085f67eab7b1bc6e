import { sql, type Kysely, type Selectable } from '@brokerwise/sql';
import type { MediaTables, PostKind, PostLocale } from './types.ts';

type Db = Kysely<MediaTables>;
export type PostRow = Selectable<MediaTables['post']>;

export interface Page {
  page: number;
  limit: number;
}
const offset = (p: Page) => (p.page - 1) * p.limit;

/** A post with what a card or the detail page shows: cover image keys and the video's state. Hidden posts are never cards. */
function cardQuery(db: Db) {
  return db
    .selectFrom('post as p')
    .innerJoin('image as ci', 'ci.id', 'p.cover_image_id')
    .leftJoin('video as v', 'v.id', 'p.video_id')
    .where('p.removed_at', 'is', null)
    .select([
      'p.id',
      'p.author_id',
      'p.kind',
      'p.title',
      'p.description',
      'p.category',
      'p.locale',
      'p.cover_image_id',
      'p.video_id',
      'p.likes_count',
      'p.comments_count',
      'p.collections_count',
      'p.forwards_count',
      'p.version',
      'p.created_at',
      'p.updated_at',
      'p.published_at',
      'ci.full_key as cover_full_key',
      'ci.cover_key as cover_cover_key',
      'ci.thumb_key as cover_thumb_key',
      'ci.cover_sizes as cover_sizes',
      'v.status as video_status',
      'v.failure_reason as video_failure_reason',
      'v.playback_key as video_playback_key',
      'v.poster_key as video_poster_key',
      'v.poster_sizes as video_poster_sizes',
      'v.duration_seconds as video_duration',
      'v.width as video_width',
      'v.height as video_height',
    ]);
}
export type CardRow = Awaited<ReturnType<ReturnType<typeof cardQuery>['execute']>>[number];

/** Listed publicly: image-text posts, and video posts whose video plays, that no moderator hid. */
const PLAYABLE = sql<boolean>`(p.removed_at is null and (p.kind = 'image_text' or v.status = 'ready'))`;

/** What a creator writes (and rewrites) of a post, plus the search fields derived from it. */
export interface PostFields {
  title: string;
  description: string;
  category: string;
  locale: PostLocale;
  coverImageId: string;
  videoId: string | null;
  contentHtml: string;
  contentText: string;
  searchTitle: string;
  searchText: string;
  publishedAt: Date | null;
}

const columnsOf = (p: PostFields) => ({
  title: p.title,
  description: p.description,
  category: p.category,
  locale: p.locale,
  cover_image_id: p.coverImageId,
  video_id: p.videoId,
  content_html: p.contentHtml,
  content_text: p.contentText,
  search_title: p.searchTitle,
  search_text: p.searchText,
  published_at: p.publishedAt,
});

export async function insertPost(db: Db, p: PostFields & { id: string; authorId: string; kind: PostKind; now: Date }): Promise<PostRow> {
  return db
    .insertInto('post')
    .values({ ...columnsOf(p), id: p.id, author_id: p.authorId, kind: p.kind, version: 1, created_at: p.now, updated_at: p.now })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function rewritePost(db: Db, id: string, p: PostFields & { now: Date }): Promise<PostRow> {
  return db
    .updateTable('post')
    .set({ ...columnsOf(p), version: sql`version + 1`, updated_at: p.now })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A video post whose video just became ready is announced now (version bumped for the event). */
export async function markPublished(db: Db, id: string, now: Date): Promise<PostRow | undefined> {
  return db
    .updateTable('post')
    .set({ published_at: now, version: sql`version + 1` })
    .where('id', '=', id)
    .where('published_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
}

/** A post; one a moderator hid only with `includeRemoved` (moderation, its author deleting it). */
export async function findPost(db: Db, id: string, opts: { forUpdate?: boolean; includeRemoved?: boolean } = {}): Promise<PostRow | undefined> {
  let q = db.selectFrom('post').selectAll().where('id', '=', id);
  if (!opts.includeRemoved) q = q.where('removed_at', 'is', null);
  if (opts.forUpdate) q = q.forUpdate();
  return q.executeTakeFirst();
}

export async function findPostByVideo(db: Db, videoId: string): Promise<PostRow | undefined> {
  return db.selectFrom('post').selectAll().where('video_id', '=', videoId).executeTakeFirst();
}

export async function deletePost(db: Db, id: string): Promise<void> {
  await db.deleteFrom('post').where('id', '=', id).execute();
}

/** Its author deleted the post: its address answers 410 from now on (a redelivery changes nothing). */
export async function recordDeletedPost(db: Db, id: string, at: Date): Promise<void> {
  await db.insertInto('deleted_post').values({ id, deleted_at: at }).onConflict((oc) => oc.column('id').doNothing()).execute();
}

/** Why a post id no longer opens: hidden by a moderator, deleted by its author, or never known (undefined). */
export async function goneReason(db: Db, id: string): Promise<'moderation' | 'author' | undefined> {
  const hidden = await db.selectFrom('post').select('id').where('id', '=', id).where('removed_at', 'is not', null).executeTakeFirst();
  if (hidden) return 'moderation';
  const deleted = await db.selectFrom('deleted_post').select('id').where('id', '=', id).executeTakeFirst();
  return deleted ? 'author' : undefined;
}

/** Hides (`removed` set) or restores (null) a post; its rows and counters stay as they are. */
export async function setPostRemoved(db: Db, id: string, removed: { at: Date; reason: string } | null): Promise<PostRow> {
  return db
    .updateTable('post')
    .set({ removed_at: removed?.at ?? null, removed_reason: removed?.reason ?? null })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Which of `imageIds` another post no moderator hid also uses (its files must stay public). */
export async function imagesInOtherVisiblePosts(db: Db, imageIds: readonly string[], postId: string): Promise<Set<string>> {
  if (imageIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('post_image as pi')
    .innerJoin('post as p', 'p.id', 'pi.post_id')
    .select('pi.image_id')
    .where('pi.image_id', 'in', [...imageIds])
    .where('pi.post_id', '<>', postId)
    .where('p.removed_at', 'is', null)
    .execute();
  return new Set(rows.map((r) => r.image_id));
}

export async function findCard(db: Db, id: string): Promise<(CardRow & { content_html: string }) | undefined> {
  return cardQuery(db).select('p.content_html').where('p.id', '=', id).executeTakeFirst();
}

/** Cards of these posts, in the order of `ids` (missing ones skipped). */
export async function cardsByIds(db: Db, ids: readonly string[]): Promise<CardRow[]> {
  if (ids.length === 0) return [];
  const rows = await cardQuery(db).where('p.id', 'in', [...ids]).execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    return r ? [r] : [];
  });
}

export interface PostFilter {
  kind?: PostKind | undefined;
  category?: string | undefined;
  locale?: PostLocale | undefined;
  authorId?: string | undefined;
  /** Only playable posts (public lists); the author's own list shows every state. */
  playableOnly: boolean;
}

/** Newest first. */
export async function listCards(db: Db, f: PostFilter, page: Page): Promise<{ rows: CardRow[]; total: number }> {
  let base = cardQuery(db);
  if (f.kind) base = base.where('p.kind', '=', f.kind);
  if (f.category) base = base.where('p.category', '=', f.category);
  if (f.locale) base = base.where('p.locale', '=', f.locale);
  if (f.authorId) base = base.where('p.author_id', '=', f.authorId);
  if (f.playableOnly) base = base.where(PLAYABLE);
  const [rows, count] = await Promise.all([
    base.orderBy('p.created_at', 'desc').orderBy('p.id', 'desc').limit(page.limit).offset(offset(page)).execute(),
    base.clearSelect().select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}

/**
 * Every term must occur (as a substring, in any of its alternative forms: synonyms) in the folded
 * title, description or plain text; posts whose title holds every term come first, then the newest.
 */
export async function searchCards(db: Db, terms: readonly (readonly string[])[], kind: PostKind | undefined, page: Page): Promise<{ rows: CardRow[]; total: number }> {
  if (terms.length === 0) return { rows: [], total: 0 };
  // Terms are matched literally: LIKE's wildcards (and its escape character) are escaped.
  const literal = (t: string) => t.replace(/[\\%_]/g, (c) => `\\${c}`);
  const like = (column: string, t: string) => sql<boolean>`${sql.ref(column)} like ${`%${literal(t)}%`} escape '\\'`;
  const anyOf = (column: string, forms: readonly string[]) => sql<boolean>`(${sql.join(forms.map((f) => like(column, f)), sql` or `)})`;
  let base = cardQuery(db).where(PLAYABLE);
  for (const forms of terms) base = base.where(anyOf('p.search_text', forms));
  if (kind) base = base.where('p.kind', '=', kind);
  const titleHit = sql<number>`case when ${sql.join(
    terms.map((forms) => anyOf('p.search_title', forms)),
    sql` and `,
  )} then 1 else 0 end`;
  const [rows, count] = await Promise.all([
    base.orderBy(titleHit, 'desc').orderBy('p.created_at', 'desc').orderBy('p.id', 'desc').limit(page.limit).offset(offset(page)).execute(),
    base.clearSelect().select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}

/** Interaction weights of the recommendation score (domain/recommend.ts documents the formula). */
export interface RecommendWeights {
  like: number;
  comment: number;
  collection: number;
  forward: number;
  /** Half-life of an interaction's weight, and of the post's freshness, in days. */
  engagementHalfLifeDays: number;
  freshnessHalfLifeDays: number;
  /** Interactions older than this are not read (their weight is negligible). */
  windowDays: number;
}

/** Ids of playable posts by recommendation score (highest first), with the total. */
export async function recommendedIds(db: Db, now: Date, w: RecommendWeights, kind: PostKind | undefined, page: Page): Promise<{ ids: string[]; total: number }> {
  const since = new Date(now.getTime() - w.windowDays * 86_400_000);
  const kindFilter = kind ? sql`and p.kind = ${kind}` : sql``;
  const rows = await sql<{ id: string; total: number }>`
    with recent as (
      select post_id, ${w.like}::float8 as w, created_at from post_like where created_at > ${since}
      union all select post_id, ${w.comment}::float8, created_at from post_comment where created_at > ${since} and removed_at is null
      union all select post_id, ${w.collection}::float8, created_at from post_collection where created_at > ${since}
      union all select post_id, ${w.forward}::float8, created_at from post_forward where created_at > ${since}
    ), engagement as (
      select post_id,
             sum(w * power(0.5, greatest(0, extract(epoch from (${now}::timestamptz - created_at))) / 86400.0 / ${w.engagementHalfLifeDays}::float8)) as e
      from recent group by post_id
    )
    select p.id, count(*) over () as total
    from post p
    left join video v on v.id = p.video_id
    left join engagement e on e.post_id = p.id
    where p.removed_at is null and (p.kind = 'image_text' or v.status = 'ready') ${kindFilter}
    order by (1 + coalesce(e.e, 0)) * power(0.5, greatest(0, extract(epoch from (${now}::timestamptz - p.created_at))) / 86400.0 / ${w.freshnessHalfLifeDays}::float8) desc,
             p.created_at desc, p.id desc
    limit ${page.limit} offset ${offset(page)}
  `.execute(db);
  const total = rows.rows[0]?.total ?? (page.page > 1 ? await countPlayable(db, kind) : 0);
  return { ids: rows.rows.map((r) => r.id), total: Number(total) };
}

async function countPlayable(db: Db, kind: PostKind | undefined): Promise<number> {
  let q = db.selectFrom('post as p').leftJoin('video as v', 'v.id', 'p.video_id').select((eb) => eb.fn.countAll<number>().as('n')).where(PLAYABLE);
  if (kind) q = q.where('p.kind', '=', kind);
  return Number((await q.executeTakeFirst())?.n ?? 0);
}

/** An author's public figures: playable posts, likes and collections their posts received. */
export async function authorStats(db: Db, authorId: string): Promise<{ posts: number; likes: number; collections: number; forwards: number }> {
  const r = await db
    .selectFrom('post as p')
    .leftJoin('video as v', 'v.id', 'p.video_id')
    .select((eb) => [
      eb.fn.countAll<number>().as('posts'),
      eb.fn.coalesce(eb.fn.sum<number>('p.likes_count'), sql<number>`0`).as('likes'),
      eb.fn.coalesce(eb.fn.sum<number>('p.collections_count'), sql<number>`0`).as('collections'),
      eb.fn.coalesce(eb.fn.sum<number>('p.forwards_count'), sql<number>`0`).as('forwards'),
    ])
    .where('p.author_id', '=', authorId)
    .where(PLAYABLE)
    .executeTakeFirst();
  return { posts: Number(r?.posts ?? 0), likes: Number(r?.likes ?? 0), collections: Number(r?.collections ?? 0), forwards: Number(r?.forwards ?? 0) };
}

export type CountColumn = 'likes_count' | 'comments_count' | 'collections_count' | 'forwards_count';

/** Adds `delta` to one of the post's counters; returns the new value. */
export async function adjustCount(db: Db, id: string, column: CountColumn, delta: number): Promise<number> {
  const r = await db
    .updateTable('post')
    .set({ [column]: sql`greatest(0, ${sql.ref(column)} + ${delta})` })
    .where('id', '=', id)
    .returning(column)
    .executeTakeFirstOrThrow();
  return Number((r as Record<CountColumn, number>)[column]);
}

/** One entry of a user's feed: their own post, or a post they forwarded. */
export interface FeedEntry {
  type: 'post' | 'forward';
  postId: string;
  forwardId: string | null;
  at: Date;
}

/** A user's feed, newest first: their playable posts and their forwards of playable posts. */
export async function feedOf(db: Db, userId: string, page: Page): Promise<{ entries: FeedEntry[]; total: number }> {
  const rows = await sql<{ type: 'post' | 'forward'; post_id: string; forward_id: string | null; at: Date; total: number }>`
    select type, post_id, forward_id, at, count(*) over () as total from (
      select 'post' as type, p.id as post_id, null::uuid as forward_id, p.created_at as at
      from post p left join video v on v.id = p.video_id
      where p.author_id = ${userId} and p.removed_at is null and (p.kind = 'image_text' or v.status = 'ready')
      union all
      select 'forward', f.post_id, f.id, f.created_at
      from post_forward f join post p on p.id = f.post_id left join video v on v.id = p.video_id
      where f.user_id = ${userId} and p.removed_at is null and (p.kind = 'image_text' or v.status = 'ready')
    ) feed
    order by at desc, post_id desc
    limit ${page.limit} offset ${offset(page)}
  `.execute(db);
  let total = Number(rows.rows[0]?.total ?? 0);
  if (rows.rows.length === 0 && page.page > 1) total = (await feedOf(db, userId, { page: 1, limit: 1 })).total;
  return { entries: rows.rows.map((r) => ({ type: r.type, postId: r.post_id, forwardId: r.forward_id, at: new Date(r.at) })), total };
}

/** Serialises one user's writes (new-account limits, duplicate checks) until the transaction ends. */
export async function lockUser(db: Db, userId: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`media:${userId}`}, 0))`.execute(db);
}

export async function recordActivity(db: Db, userId: string, kind: 'post' | 'comment', at: Date): Promise<void> {
  await db.insertInto('activity').values({ user_id: userId, kind, at }).execute();
}

/** When the user did `kind` since `since`, oldest first. */
export async function activitySince(db: Db, userId: string, kind: 'post' | 'comment', since: Date): Promise<Date[]> {
  const rows = await db.selectFrom('activity').select('at').where('user_id', '=', userId).where('kind', '=', kind).where('at', '>', since).orderBy('at').execute();
  return rows.map((r) => r.at);
}
