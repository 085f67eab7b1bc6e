/**
 * Pure rules of posts, comments and forwards (spec §5 "Publishing": title, description and
 * cover required; image-text content required) and of new accounts. No I/O: the use cases pass
 * in what they read.
 */
import { isCategory } from './categories.ts';
import { commentRateLimited, invalidInput, postRateLimited } from './errors.ts';
import { charCount } from './text.ts';
import type { PostKind, PostLocale } from '../store/types.ts';
import type { PostFields as StoredPost } from '../store/post.store.ts';

export const TITLE_MAX = 100;
export const DESCRIPTION_MAX = 500;
export const COMMENT_MAX = 500;
export const FORWARD_COMMENT_MAX = 500;
/** Plain-text characters of an image-text post's content. */
export const CONTENT_TEXT_MAX = 20_000;
export const NEW_ACCOUNT_WINDOW_MS = 24 * 3600_000;
export const COMMENT_WINDOW_MS = 60_000;

const KINDS: readonly PostKind[] = ['video', 'image_text'];
const LOCALES: readonly PostLocale[] = ['en', 'zh-cn'];

export interface PostFields {
  kind?: string | undefined;
  title?: string | undefined;
  description?: string | undefined;
  category?: string | undefined;
  locale?: string | undefined;
  coverImageId?: string | undefined;
  videoId?: string | undefined;
  content?: string | undefined;
}

/** A post's fields once checked: what the store keeps of them, the HTML still raw (the use case sanitises it). */
export type CheckedPost = Pick<StoredPost, 'title' | 'description' | 'category' | 'locale' | 'coverImageId' | 'videoId'> & {
  kind: PostKind;
  content: string;
};

/**
 * Checks the form fields at once; throws `media.validation` with a code per failing field:
 * `kind: one_of` · `title: required|length` · `description: required|length` ·
 * `cover: required` · `category: required|one_of` · `locale: one_of` · `video: required`
 * (video posts) · `content: required` (image-text posts; checked again after sanitising).
 */
export function validatePost(input: PostFields): CheckedPost {
  const fields: Record<string, string> = {};
  const kind = input.kind as PostKind;
  if (!KINDS.includes(kind)) fields.kind = 'one_of';
  const title = (input.title ?? '').trim();
  if (title.length === 0) fields.title = 'required';
  else if (charCount(title) > TITLE_MAX) fields.title = 'length';
  const description = (input.description ?? '').trim();
  if (description.length === 0) fields.description = 'required';
  else if (charCount(description) > DESCRIPTION_MAX) fields.description = 'length';
  const coverImageId = (input.coverImageId ?? '').trim().toLowerCase();
  if (coverImageId.length === 0) fields.cover = 'required';
  const category = (input.category ?? '').trim();
  if (category.length === 0) fields.category = 'required';
  else if (!isCategory(category)) fields.category = 'one_of';
  const locale = (input.locale ?? 'en') as PostLocale;
  if (!LOCALES.includes(locale)) fields.locale = 'one_of';
  const videoId = (input.videoId ?? '').trim().toLowerCase();
  if (kind === 'video' && videoId.length === 0) fields.video = 'required';
  const content = input.content ?? '';
  if (kind === 'image_text' && content.trim().length === 0) fields.content = 'required';
  if (Object.keys(fields).length > 0) throw invalidInput(fields);
  return { kind, title, description, category, locale, coverImageId, videoId: kind === 'video' ? videoId : null, content: kind === 'image_text' ? content : '' };
}

/** A comment's text: 1 to 500 characters after trimming (`text: required|length`). */
export function validateComment(text: string | undefined): string {
  const t = (text ?? '').trim();
  if (t.length === 0) throw invalidInput({ text: 'required' });
  if (charCount(t) > COMMENT_MAX) throw invalidInput({ text: 'length' });
  return t;
}

/** A forward's comment: optional, at most 500 characters (`comment: length`). */
export function validateForwardComment(comment: string | undefined): string {
  const t = (comment ?? '').trim();
  if (charCount(t) > FORWARD_COMMENT_MAX) throw invalidInput({ comment: 'length' });
  return t;
}

export const isNewAccount = (accountCreatedAt: Date, now: Date): boolean => now.getTime() - accountCreatedAt.getTime() < NEW_ACCOUNT_WINDOW_MS;

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/**
 * A new account (first 24 h) may write at most `max` comments in any minute: throws
 * `media.comment_rate_limited` (429) with the seconds until the oldest of them leaves the
 * window. `recent` = when it commented in the last minute (deleted comments count), oldest first.
 */
export function checkCommentRate(c: { accountCreatedAt: Date; now: Date; recent: readonly Date[]; max: number }): void {
  if (!isNewAccount(c.accountCreatedAt, c.now)) return;
  const inWindow = c.recent.filter((d) => c.now.getTime() - d.getTime() < COMMENT_WINDOW_MS);
  if (inWindow.length < c.max) return;
  const oldest = inWindow[inWindow.length - c.max]!;
  throw commentRateLimited(seconds(oldest.getTime() + COMMENT_WINDOW_MS - c.now.getTime()), c.max);
}

/**
 * A new account may publish at most `max` posts in its first day: throws
 * `media.post_rate_limited` (429) with the seconds until the account is a day old.
 * `published` = how many it published so far (deleted ones count).
 */
export function checkPostRate(c: { accountCreatedAt: Date; now: Date; published: number; max: number }): void {
  if (!isNewAccount(c.accountCreatedAt, c.now)) return;
  if (c.published < c.max) return;
  throw postRateLimited(seconds(c.accountCreatedAt.getTime() + NEW_ACCOUNT_WINDOW_MS - c.now.getTime()), c.max);
}
