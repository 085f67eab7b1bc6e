/**
 * Posts on the site (spec §2 /vlog/*, /blog/detail, /user/vlog, /user/creation; §3 Creation post;
 * §5 Publishing; §9 video limit): addresses, page numbers, durations, structured data and the
 * publishing form's rules, kept free of React so they stay testable.
 */
import type { PostCard, PostCategorySlug, PostDetail, PostKind } from '@brokerwise/api-contract';
import { absoluteUrl } from './seo';
import type { FieldErrors, MessageId } from './validation';

export const POST_KINDS: readonly PostKind[] = ['video', 'image_text'];
export const POST_CATEGORY_SLUGS: readonly PostCategorySlug[] = ['analysis', 'education', 'news', 'strategy', 'broker-review', 'lifestyle'];
/** Cards per page on the public lists (the API's default). */
export const POST_PAGE_SIZE = 12;
/** Fans a page on a profile's Fans tab. */
export const FANS_PAGE_SIZE = 20;
/** Pages the posts API accepts (`page` 1…1000). */
export const MAX_POST_PAGE = 1000;

/** Spec §5 / §9: "video is an mp4 under 10MB". */
export const VIDEO_MAX_BYTES = 10 * 1024 * 1024;
/** The upload API's image limit (JPEG, PNG or WebP up to 5 MB). */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const IMAGE_TYPES: ReadonlySet<string> = new Set(['image/jpeg', 'image/png', 'image/webp']);
export const TITLE_MAX = 100;
export const DESCRIPTION_MAX = 500;
export const CONTENT_MAX = 20_000;
export const COMMENT_MAX = 500;
export const FORWARD_COMMENT_MAX = 500;
/** How often the creation centre asks whether an uploaded video is ready. */
export const VIDEO_POLL_MS = 2_000;

export function isPostKind(value: unknown): value is PostKind {
  return typeof value === 'string' && (POST_KINDS as readonly string[]).includes(value);
}

export function isPostCategory(value: unknown): value is PostCategorySlug {
  return typeof value === 'string' && (POST_CATEGORY_SLUGS as readonly string[]).includes(value);
}

/** A `?page=` value as a page number: anything odd is page 1. */
export function postPage(value: string | null | undefined): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= MAX_POST_PAGE ? n : 1;
}

/** Why a post's address answers 410 Gone: a moderator removed it, or its author deleted it. */
export type PostGoneBy = 'moderation' | 'author';

/** What a post page's loader throws for a post that is gone for good (the body of its 410). */
export interface PostGoneData {
  gone: PostGoneBy;
}

/** The gateway's error code of a 410 for a post (`media.post_removed` or `media.post_deleted`) as who removed it. */
export function postGoneBy(errorCode: unknown): PostGoneBy {
  return errorCode === 'media.post_removed' ? 'moderation' : 'author';
}

/** The title and text of a gone post's page, by who removed it. */
export const POST_GONE_TEXT: Record<PostGoneBy, { titleId: MessageId; textId: MessageId }> = {
  moderation: { titleId: 'post.gone.removedTitle', textId: 'post.gone.removedText' },
  author: { titleId: 'post.gone.deletedTitle', textId: 'post.gone.deletedText' },
};

/** The reason in a route error that is a post's 410, or null for any other error. */
export function postGoneOf(error: { status: number; data: unknown } | null | undefined): PostGoneBy | null {
  if (!error || error.status !== 410) return null;
  const gone = (error.data as Partial<PostGoneData> | null)?.gone;
  return gone === 'moderation' || gone === 'author' ? gone : null;
}

/** Post ids the API takes (1–64 characters, no spaces). */
export function isPostId(value: string | null | undefined): value is string {
  return typeof value === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(value);
}

/** User ids of /api/vlog/user (UUIDs). */
export function isUserId(value: string | null | undefined): value is string {
  return typeof value === 'string' && /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/.test(value);
}

/** The detail page of a post: videos on /vlog/detail, image-text posts on /blog/detail. */
export function postHref(post: Pick<PostCard, 'id' | 'kind'>): string {
  return `${post.kind === 'video' ? '/vlog/detail' : '/blog/detail'}?${new URLSearchParams({ id: post.id })}`;
}

/** A creator's profile (spec "author profile"); `tab` feed shows their forwards too. */
export function personalHref(uid: string, tab: 'posts' | 'feed' | 'fans' = 'posts', page = 1): string {
  const params = new URLSearchParams({ uid });
  if (tab !== 'posts') params.set('tab', tab);
  if (page > 1) params.set('page', String(page));
  return `/vlog/personal?${params}`;
}

/** Edit a post in the creation centre. */
export function editHref(id: string): string {
  return `/user/creation?${new URLSearchParams({ id })}`;
}

/** The address of a list page with the given parameters ('' and page 1 left out). */
export function listHref(pathname: string, params: Record<string, string | number | null | undefined>): string {
  const out = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    if (key === 'page' && Number(value) <= 1) continue;
    out.set(key, String(value));
  }
  const qs = out.toString();
  return qs ? `${pathname}?${qs}` : pathname;
}

/** 64 → "1:04", 3725 → "1:02:05": the duration badge of a video card. */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds < 0) return '';
  const total = Math.round(seconds);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const ss = String(s).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

/** 64.4 → "PT1M4S": ISO 8601 durations for schema.org VideoObject. */
export function isoDuration(seconds: number | null | undefined): string | undefined {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds < 0) return undefined;
  const total = Math.round(seconds);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return `PT${h ? `${h}H` : ''}${m ? `${m}M` : ''}${s || (!h && !m) ? `${s}S` : ''}`;
}

/** Text of sanitised HTML, for descriptions and length checks (no DOM needed). */
export function textOfHtml(html: string): string {
  return html
    .replace(/<(br|\/p|\/h[1-6]|\/li|\/blockquote|\/pre)\b[^>]*>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

function authorLd(post: Pick<PostCard, 'author'>, origin: string) {
  return { '@type': 'Person', name: post.author.username, url: absoluteUrl(origin, personalHref(post.author.id)) };
}

/** schema.org VideoObject of a playable video post (search engines' video results). */
export function videoJsonLd(post: PostDetail, origin: string, pageUrl: string): Record<string, unknown> {
  const video = post.video;
  const thumbnails = [video?.poster, post.cover.url].filter((u): u is string => !!u).map((u) => absoluteUrl(origin, u));
  const ld: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'VideoObject',
    name: post.title,
    description: post.description || post.title,
    thumbnailUrl: [...new Set(thumbnails)],
    uploadDate: post.createdAt,
    url: pageUrl,
    inLanguage: post.locale === 'zh-cn' ? 'zh-CN' : 'en',
    author: authorLd(post, origin),
    interactionStatistic: { '@type': 'InteractionCounter', interactionType: { '@type': 'LikeAction' }, userInteractionCount: post.counts.likes },
  };
  const duration = isoDuration(video?.duration);
  if (duration) ld.duration = duration;
  if (video?.url) ld.contentUrl = absoluteUrl(origin, video.url);
  if (video?.width && video.height) Object.assign(ld, { width: video.width, height: video.height });
  return ld;
}

/** schema.org BlogPosting of an image-text post. */
export function blogPostingJsonLd(post: PostDetail, origin: string, pageUrl: string): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    headline: post.title,
    description: post.description || textOfHtml(post.content).slice(0, 300),
    image: [absoluteUrl(origin, post.cover.url)],
    datePublished: post.createdAt,
    dateModified: post.updatedAt,
    inLanguage: post.locale === 'zh-cn' ? 'zh-CN' : 'en',
    author: authorLd(post, origin),
    mainEntityOfPage: { '@type': 'WebPage', '@id': pageUrl },
    articleSection: post.category.name,
    interactionStatistic: { '@type': 'InteractionCounter', interactionType: { '@type': 'LikeAction' }, userInteractionCount: post.counts.likes },
  };
}

/* ---------------------------------------------------------------- the publishing form (spec §5) */

/** Where an uploaded video stands in the creation centre. */
export type VideoUploadState = '' | 'uploading' | 'processing' | 'ready' | 'failed';

export interface PostFormValues {
  kind: string;
  title: string;
  description: string;
  category: string;
  /** The uploaded cover's image id; '' while none (an edited post keeps its cover: `hasCover`). */
  cover: string;
  /** The uploaded video's id ('' while none). */
  video: string;
  videoState: VideoUploadState;
  /** Image-text HTML from the editor. */
  content: string;
  /** Editing: the post already has a cover / video that stays unless replaced. */
  keepCover: boolean;
  keepVideo: boolean;
}

export type PostField = 'kind' | 'title' | 'description' | 'category' | 'cover' | 'video' | 'content';

/** Length in characters as a person counts them (an emoji is one). */
export function charLength(value: string): number {
  return [...value].length;
}

/** The image-text editor is empty when it has neither text nor a picture. */
export function isEmptyContent(html: string): boolean {
  return textOfHtml(html) === '' && !/<img\b/i.test(html);
}

/** Spec §5: title, description and cover required; the video (mp4 under 10MB) for video posts; the content for image-text posts. */
export function validatePost(v: PostFormValues): FieldErrors<PostField> {
  const errors: FieldErrors<PostField> = {};
  if (!isPostKind(v.kind)) errors.kind = 'creation.validation.kind';
  const title = v.title.trim();
  if (!title) errors.title = 'creation.validation.titleRequired';
  else if (charLength(title) > TITLE_MAX) errors.title = 'creation.validation.titleLength';
  const description = v.description.trim();
  if (!description) errors.description = 'creation.validation.descriptionRequired';
  else if (charLength(description) > DESCRIPTION_MAX) errors.description = 'creation.validation.descriptionLength';
  if (!isPostCategory(v.category)) errors.category = 'creation.validation.categoryRequired';
  if (!v.cover && !v.keepCover) errors.cover = 'creation.validation.coverRequired';
  if (v.kind === 'video') {
    if (v.videoState === 'uploading') errors.video = 'creation.validation.videoUploading';
    else if (v.videoState === 'failed') errors.video = 'creation.validation.videoFailed';
    else if (!v.video && !v.keepVideo) errors.video = 'creation.validation.videoRequired';
  }
  if (v.kind === 'image_text') {
    if (isEmptyContent(v.content)) errors.content = 'creation.validation.contentRequired';
    else if (charLength(v.content) > CONTENT_MAX) errors.content = 'creation.validation.contentLength';
  }
  return errors;
}

/** Client-side pre-check of a chosen video (the server checks again by content). */
export function checkVideoFile(file: { type: string; name: string; size: number }): MessageId | null {
  const mp4 = file.type === 'video/mp4' || (!file.type && /\.mp4$/i.test(file.name));
  if (!mp4) return 'creation.validation.videoType';
  if (file.size >= VIDEO_MAX_BYTES) return 'creation.validation.videoSize';
  if (file.size === 0) return 'creation.validation.videoRequired';
  return null;
}

/** Client-side pre-check of a cover or inline picture. */
export function checkImageFile(file: { type: string; size: number }): MessageId | null {
  if (!IMAGE_TYPES.has(file.type)) return 'creation.validation.imageType';
  if (file.size > IMAGE_MAX_BYTES) return 'creation.validation.imageSize';
  return null;
}

/** A comment or reply: 1–500 characters. */
export function checkComment(value: string): MessageId | null {
  const text = value.trim();
  if (!text) return 'post.comment.required';
  if (charLength(text) > COMMENT_MAX) return 'post.comment.tooLong';
  return null;
}

/** A forward's optional comment: at most 500 characters. */
export function checkForwardComment(value: string): MessageId | null {
  return charLength(value.trim()) > FORWARD_COMMENT_MAX ? 'post.forward.tooLong' : null;
}

/** What the no-script action answers when it cannot go back to the page. */
export interface PostActionResult {
  intent: string;
  /** The comment replied to, for a reply form. */
  pid: string;
  content: string;
  /** Our own rule message (an id). */
  ruleError: string;
  /** The server's field messages (already in the visitor's language). */
  fields: Record<string, string>;
  msg: string;
}
