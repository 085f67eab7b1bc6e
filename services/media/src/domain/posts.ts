import { randomUUID } from 'node:crypto';
import { enqueueEvent } from '@brokerwise/service-kit';
import type { Kysely } from '@brokerwise/sql';
import { postDeleted, postPublished } from '../events/publish.ts';
import { cancelMoves, doomObjects } from '../store/gc.store.ts';
import { deleteImages, findImages, imageKeys, postImageIds, setPostImages, unusedImages, type ImageRow } from '../store/image.store.ts';
import { viewerMarks } from '../store/interaction.store.ts';
import {
  activitySince,
  authorStats,
  cardsByIds,
  deletePost,
  findCard,
  findPost,
  findPostByVideo,
  goneReason,
  insertPost,
  listCards,
  lockUser,
  recordActivity,
  recommendedIds,
  recordDeletedPost,
  rewritePost,
  searchCards,
  type CardRow,
  type Page,
  type PostRow,
} from '../store/post.store.ts';
import type { MediaTables, PostKind, PostLocale } from '../store/types.ts';
import { deleteVideo, findVideo, videoKeys, type VideoRow } from '../store/video.store.ts';
import { UUID, type MediaContext, type RequestMeta } from './context.ts';
import { invalidInput, notPostAuthor, postDeletedByAuthor, postNotFound, postRemovedByModerator } from './errors.ts';
import { hiddenKey } from './objects.ts';
import { RECOMMEND_WEIGHTS } from './recommend.ts';
import { CONTENT_TEXT_MAX, checkPostRate, validatePost, type CheckedPost, type PostFields } from './rules.ts';
import { sanitizeContent } from './sanitize.ts';
import { charCount, fold, searchTerms, termAlternatives } from './text.ts';

export const MAX_PAGE_SIZE = 50;

type Db = Kysely<MediaTables>;

export interface ViewerMarks {
  liked: boolean;
  collected: boolean;
  forwarded: boolean;
}

/** A card as the routes map it: the row plus, for a signed-in viewer, their marks. */
export interface Card {
  row: CardRow;
  viewer: ViewerMarks | null;
}

export interface PublishInput extends PostFields {
  /** A fixed id (the demo seed, so links stay stable); otherwise a new one. */
  id?: string | undefined;
  authorId: string;
  /** When the author's account was created (new accounts may publish a few posts on day one). */
  accountCreatedAt: Date;
}

/** What a post's media resolved to, checked against its author. */
interface ResolvedMedia {
  cover: ImageRow;
  video: VideoRow | null;
  contentHtml: string;
  contentText: string;
  imageIds: string[];
}

/**
 * Checks the cover, video and content against what the author uploaded. Field codes:
 * `cover: not_found` (no such image of theirs) · `video: not_found|failed|in_use` ·
 * `content: required|length` (after sanitising: no text and no picture, or too long).
 */
async function resolveMedia(
  trx: Db,
  authorId: string,
  p: { kind: PostKind; coverImageId: string; videoId: string | null; content: string },
  postId: string | undefined,
): Promise<ResolvedMedia> {
  const fields: Record<string, string> = {};
  const [cover] = UUID.test(p.coverImageId) ? await findImages(trx, [p.coverImageId]) : [];
  if (!cover || cover.owner_id !== authorId) fields.cover = 'not_found';

  let video: VideoRow | null = null;
  if (p.kind === 'video' && p.videoId) {
    const found = UUID.test(p.videoId) ? await findVideo(trx, p.videoId) : undefined;
    if (!found || found.owner_id !== authorId) fields.video = 'not_found';
    else if (found.status === 'failed') fields.video = 'failed';
    else {
      const user = await findPostByVideo(trx, found.id);
      if (user && user.id !== postId) fields.video = 'in_use';
      else video = found;
    }
  }

  let contentHtml = '';
  let contentText = '';
  let imageIds: string[] = [];
  if (p.kind === 'image_text') {
    // Pass 1 finds the pictures it names; pass 2 keeps only the author's own uploads.
    const named = sanitizeContent(p.content).imageIds;
    const own = new Set((await findImages(trx, named)).filter((i) => i.owner_id === authorId).map((i) => i.id));
    const clean = sanitizeContent(p.content, { isAllowedImage: (id) => own.has(id) });
    if (clean.text.length === 0 && clean.imageIds.length === 0) fields.content = 'required';
    else if (charCount(clean.text) > CONTENT_TEXT_MAX) fields.content = 'length';
    contentHtml = clean.html;
    contentText = clean.text;
    imageIds = clean.imageIds;
  }
  if (Object.keys(fields).length > 0) throw invalidInput(fields);
  return { cover: cover!, video, contentHtml, contentText, imageIds };
}

/** The columns a post stores from its checked fields and resolved media (publish and edit alike). */
const storedFields = (checked: CheckedPost, media: ResolvedMedia) => ({
  title: checked.title,
  description: checked.description,
  category: checked.category,
  locale: checked.locale,
  coverImageId: media.cover.id,
  videoId: media.video?.id ?? null,
  contentHtml: media.contentHtml,
  contentText: media.contentText,
  searchTitle: fold(checked.title),
  searchText: fold(`${checked.title}\n${checked.description}\n${media.contentText}`),
});

const playable = (kind: PostKind, video: VideoRow | null) => kind === 'image_text' || video?.status === 'ready';

/**
 * Publishes a post (spec §5 "Publishing"). A video post may reference a video still being
 * transcoded: it is stored now and announced (`media.post.published`) when the video is ready;
 * an image-text post is announced at once. New accounts: at most N posts in their first day.
 */
export async function publishPost(ctx: Pick<MediaContext, 'db' | 'now' | 'limits'>, input: PublishInput, meta: RequestMeta = {}): Promise<PostRow> {
  const checked = validatePost(input);
  return ctx.db.transaction().execute(async (trx) => {
    await lockUser(trx, input.authorId);
    const now = ctx.now();
    const published = await activitySince(trx, input.authorId, 'post', new Date(input.accountCreatedAt.getTime() - 1));
    checkPostRate({ accountCreatedAt: input.accountCreatedAt, now, published: published.length, max: ctx.limits.newAccountPostsPerDay });
    const id = input.id ?? randomUUID();
    const media = await resolveMedia(trx, input.authorId, checked, id);
    const visible = playable(checked.kind, media.video);
    const row = await insertPost(trx, {
      id,
      authorId: input.authorId,
      kind: checked.kind,
      ...storedFields(checked, media),
      publishedAt: visible ? now : null,
      now,
    });
    await setPostImages(trx, id, [...new Set([media.cover.id, ...media.imageIds])]);
    await recordActivity(trx, input.authorId, 'post', now);
    if (visible) await enqueueEvent(trx, postPublished(row, media.cover, false, now, meta.correlationId));
    return row;
  });
}

export interface EditInput extends Omit<PostFields, 'kind'> {
  authorId: string;
}

/**
 * Edits the author's post: fields left out keep their value; the kind never changes. Pictures
 * and a video the post no longer uses are deleted (rows now, objects right after commit).
 * 404 when there is no such post, 403 `media.not_author` for anyone but its author.
 */
export async function editPost(ctx: Pick<MediaContext, 'db' | 'now' | 'objects'>, postId: string, input: EditInput, meta: RequestMeta = {}): Promise<{ row: PostRow; doomed: string[] }> {
  const result = await ctx.db.transaction().execute(async (trx) => {
    const existing = UUID.test(postId) ? await findPost(trx, postId, { forUpdate: true }) : undefined;
    if (!existing) throw postNotFound();
    if (existing.author_id !== input.authorId) throw notPostAuthor();
    const checked = validatePost({
      kind: existing.kind,
      title: input.title ?? existing.title,
      description: input.description ?? existing.description,
      category: input.category ?? existing.category,
      locale: input.locale ?? existing.locale,
      coverImageId: input.coverImageId ?? existing.cover_image_id,
      videoId: input.videoId ?? existing.video_id ?? undefined,
      content: input.content ?? existing.content_html,
    });
    const now = ctx.now();
    const media = await resolveMedia(trx, input.authorId, checked, existing.id);
    const visible = playable(existing.kind, media.video);
    const before = await postImageIds(trx, existing.id);
    const row = await rewritePost(trx, existing.id, {
      ...storedFields(checked, media),
      publishedAt: existing.published_at ?? (visible ? now : null),
      now,
    });
    await setPostImages(trx, existing.id, [...new Set([media.cover.id, ...media.imageIds])]);
    const doomed: string[] = [];
    const dropped = await unusedImages(trx, before);
    await deleteImages(trx, dropped.map((i) => i.id));
    doomed.push(...dropped.flatMap(imageKeys));
    if (existing.video_id && existing.video_id !== row.video_id) {
      const old = await findVideo(trx, existing.video_id);
      if (old) {
        await deleteVideo(trx, old.id);
        doomed.push(...videoKeys(old));
      }
    }
    await doomObjects(trx, doomed, now);
    if (row.published_at !== null) await enqueueEvent(trx, postPublished(row, media.cover, existing.published_at !== null, now, meta.correlationId));
    return { row, doomed };
  });
  return result;
}

/**
 * Deletes the author's post with everything hanging off it (likes, comments, bookmarks,
 * forwards) and the media only it used: cover and inline pictures (all sizes), the video's
 * original, playback file and poster. Rows go in the transaction (with `media.post.deleted`);
 * the objects right after commit (domain/objects.ts), retried by the worker if that fails.
 * A post a moderator hid can still be deleted by its author (a moderator hides, domain/moderation.ts).
 */
export async function removePost(ctx: Pick<MediaContext, 'db' | 'now'>, postId: string, authorId: string, meta: RequestMeta = {}): Promise<{ row: PostRow; doomed: string[] }> {
  return ctx.db.transaction().execute(async (trx) => {
    const existing = UUID.test(postId) ? await findPost(trx, postId, { forUpdate: true, includeRemoved: true }) : undefined;
    if (!existing) throw postNotFound();
    if (existing.author_id !== authorId) throw notPostAuthor();
    const now = ctx.now();
    await recordDeletedPost(trx, existing.id, now);
    return { row: existing, doomed: await dropPost(trx, existing, now, meta) };
  });
}

/** Deletes a post in the caller's transaction: its images and video go too (their files later), and `media.post.deleted`. */
export async function dropPost(trx: Db, existing: PostRow, now: Date, meta: RequestMeta = {}): Promise<string[]> {
  const imageIds = await postImageIds(trx, existing.id);
  await deletePost(trx, existing.id);
  const images = await unusedImages(trx, imageIds);
  await deleteImages(trx, images.map((i) => i.id));
  const doomed = images.flatMap(imageKeys);
  if (existing.video_id) {
    const video = await findVideo(trx, existing.video_id);
    if (video) {
      await deleteVideo(trx, video.id);
      doomed.push(...videoKeys(video));
    }
  }
  // A hidden post's files may wait under the private prefix, or be on their way there.
  if (existing.removed_at) doomed.push(...doomed.map(hiddenKey));
  await cancelMoves(trx, doomed);
  await doomObjects(trx, doomed, now);
  await enqueueEvent(trx, postDeleted(existing, existing.version + 1, now, meta.correlationId));
  return doomed;
}

async function withViewer(db: Db, rows: CardRow[], viewer: string | undefined): Promise<Card[]> {
  if (!viewer) return rows.map((row) => ({ row, viewer: null }));
  const marks = await viewerMarks(db, rows.map((r) => r.id), viewer);
  return rows.map((row) => ({ row, viewer: { liked: marks.liked.has(row.id), collected: marks.collected.has(row.id), forwarded: marks.forwarded.has(row.id) } }));
}

/** Whether a post with this id was ever made (removed ones too: a fixed id is never reused). */
export async function postExists(ctx: Pick<MediaContext, 'db'>, postId: string): Promise<boolean> {
  return (await findPost(ctx.db, postId, { includeRemoved: true })) !== undefined;
}

/**
 * One post with its content; every post can be opened (a video not ready yet shows as unavailable).
 * One a moderator hid, or its author deleted, is gone (410, saying which); an unknown id is a 404.
 */
export async function postDetail(ctx: Pick<MediaContext, 'db'>, postId: string, viewer: string | undefined): Promise<Card & { contentHtml: string }> {
  if (!UUID.test(postId)) throw postNotFound();
  const row = await findCard(ctx.db, postId);
  if (!row) {
    const gone = await goneReason(ctx.db, postId);
    throw gone === 'moderation' ? postRemovedByModerator() : gone === 'author' ? postDeletedByAuthor() : postNotFound();
  }
  const [card] = await withViewer(ctx.db, [row], viewer);
  return { ...card!, contentHtml: row.content_html };
}

export interface ListQuery {
  kind?: PostKind | undefined;
  category?: string | undefined;
  locale?: PostLocale | undefined;
}

/** Playable posts, newest first, by kind / category / language. */
export async function listPosts(ctx: Pick<MediaContext, 'db'>, q: ListQuery, page: Page, viewer: string | undefined): Promise<{ items: Card[]; total: number }> {
  const { rows, total } = await listCards(ctx.db, { ...q, playableOnly: true }, page);
  return { items: await withViewer(ctx.db, rows, viewer), total };
}

/** An author's posts, newest first; the author sees every one (processing and failed videos too). */
export async function authorPosts(ctx: Pick<MediaContext, 'db'>, authorId: string, page: Page, viewer: string | undefined, kind?: PostKind): Promise<{ items: Card[]; total: number }> {
  const { rows, total } = await listCards(ctx.db, { authorId, kind, playableOnly: viewer !== authorId }, page);
  return { items: await withViewer(ctx.db, rows, viewer), total };
}

export async function searchPosts(ctx: Pick<MediaContext, 'db'>, query: string, kind: PostKind | undefined, page: Page, viewer: string | undefined): Promise<{ items: Card[]; total: number }> {
  const { rows, total } = await searchCards(ctx.db, searchTerms(query).map(termAlternatives), kind, page);
  return { items: await withViewer(ctx.db, rows, viewer), total };
}

/** Recommended posts (domain/recommend.ts). */
export async function recommendedPosts(ctx: Pick<MediaContext, 'db' | 'now'>, kind: PostKind | undefined, page: Page, viewer: string | undefined): Promise<{ items: Card[]; total: number }> {
  const { ids, total } = await recommendedIds(ctx.db, ctx.now(), RECOMMEND_WEIGHTS, kind, page);
  return { items: await withViewer(ctx.db, await cardsByIds(ctx.db, ids), viewer), total };
}

export const authorProfile = (ctx: Pick<MediaContext, 'db'>, authorId: string) => authorStats(ctx.db, authorId);

export { withViewer };
