import type { ServiceTokenSigner } from '@brokerwise/service-kit';
import { Readable } from 'node:stream';
import { AppError, fromServiceErrorBody } from '@brokerwise/errors';
import type { VariantSize } from '@brokerwise/storage';
import { ServiceClient } from './service-client.ts';

// The gateway's view of the media service's internal API (services/media/README.md).
export type MediaPostKind = 'video' | 'image_text';
export type MediaVideoStatus = 'processing' | 'ready' | 'failed';

export interface MediaVideo {
  id: string;
  ownerId: string;
  status: MediaVideoStatus;
  reason: string | null;
  /** Transcode progress, 0–100. */
  progress: number;
  sizeBytes: number;
  durationSeconds: number;
  width: number;
  height: number;
  playbackKey: string | null;
  posterKey: string | null;
  createdAt: string;
  updatedAt: string;
}
export interface MediaImage { id: string; ownerId: string; width: number; height: number; fullKey: string; coverKey: string; thumbKey: string }
export interface MediaPost {
  id: string;
  authorId: string;
  kind: MediaPostKind;
  title: string;
  description: string;
  category: string;
  locale: 'en' | 'zh-cn';
  /** `coverSizes`: the cover's responsive sizes as made (ADR 033), null until its job ran. */
  cover: { imageId: string; fullKey: string; coverKey: string; thumbKey: string; coverSizes?: VariantSize[] | null };
  video: {
    id: string;
    status: MediaVideoStatus;
    reason: string | null;
    playbackKey: string | null;
    posterKey: string | null;
    posterSizes?: VariantSize[] | null;
    durationSeconds: number | null;
    width: number | null;
    height: number | null;
  } | null;
  counts: { likes: number; comments: number; collections: number; forwards: number };
  createdAt: string;
  updatedAt: string;
  publishedAt: string | null;
  viewer: { liked: boolean; collected: boolean; forwarded: boolean } | null;
}
export interface MediaPostDetail extends MediaPost { contentHtml: string }
export interface MediaComment { id: string; postId: string; userId: string; parentId: string | null; replyToId: string | null; replyToUserId: string | null; text: string; createdAt: string }
export interface MediaForward { id: string; postId: string; userId: string; comment: string; createdAt: string }
export interface MediaCategory { slug: string; nameEn: string; nameZh: string }
export interface MediaFeedItem { type: 'post' | 'forward'; at: string; post: MediaPost; forward: MediaForward | null }
export interface MediaStats { posts: number; likesReceived: number; collectionsReceived: number; forwardsReceived: number }

type PageQ = { page: number; limit: number };

export class MediaClient {
  private readonly http: ServiceClient;
  private readonly baseUrl: string;
  private readonly uploadTimeoutMs: number;

  constructor(baseUrl: string, timeoutMs: number, uploadTimeoutMs: number, tokens?: ServiceTokenSigner) {
    this.http = new ServiceClient('media', baseUrl, timeoutMs, tokens);
    this.baseUrl = baseUrl.replace(/\/$/, '');
    this.uploadTimeoutMs = uploadTimeoutMs;
  }

  /**
   * Streams an upload's bytes to the media service as they arrive (no buffering here), so the
   * browser's upload progress is the real progress. Errors come back as the service's AppError.
   */
  async upload<T>(path: '/v1/videos' | '/v1/images', ownerId: string, body: Readable | Buffer, rid: string): Promise<T> {
    let res: Response;
    try {
      res = await fetch(`${this.baseUrl}${path}?ownerId=${encodeURIComponent(ownerId)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/octet-stream', 'x-request-id': rid, accept: 'application/json', ...(await this.http.authorization()) },
        body: Buffer.isBuffer(body) ? new Uint8Array(body) : (Readable.toWeb(body) as ReadableStream<Uint8Array>),
        // Node's fetch needs this to send a stream.
        ...(Buffer.isBuffer(body) ? {} : { duplex: 'half' }),
        signal: AbortSignal.timeout(this.uploadTimeoutMs),
      } as RequestInit);
    } catch (err) {
      // The body stream's own error (the gateway's size limit, a browser that went away) wins.
      const cause = (err as { cause?: unknown }).cause;
      if (cause && typeof cause === 'object' && (cause as { isAppError?: unknown }).isAppError === true) throw cause;
      throw new AppError({ code: 'unavailable', kind: 'unavailable', message: 'media unreachable' }, { cause: err });
    }
    const json: unknown = await res.json().catch(() => null);
    if (!res.ok) throw fromServiceErrorBody(json, res.status);
    return json as T;
  }

  videoStatus(id: string, ownerId: string, rid: string) {
    return this.http.get<MediaVideo>(`/v1/videos/${encodeURIComponent(id)}`, { ownerId }, rid);
  }
  categories(rid: string) {
    return this.http.get<{ items: MediaCategory[] }>('/v1/categories', {}, rid);
  }
  publish(body: Record<string, unknown>, rid: string) {
    return this.http.send<MediaPostDetail>('POST', '/v1/posts', body, rid);
  }
  edit(id: string, body: Record<string, unknown>, rid: string) {
    return this.http.send<MediaPostDetail>('PATCH', `/v1/posts/${encodeURIComponent(id)}`, body, rid);
  }
  remove(id: string, authorId: string, rid: string) {
    return this.http.send<{ deleted: string }>('DELETE', `/v1/posts/${encodeURIComponent(id)}?authorId=${encodeURIComponent(authorId)}`, undefined, rid);
  }
  list(q: PageQ & { kind?: string | undefined; category?: string | undefined; locale?: string | undefined; viewer?: string | undefined }, rid: string) {
    return this.http.get<{ items: MediaPost[]; total: number }>('/v1/posts', q, rid);
  }
  recommended(q: PageQ & { kind?: string | undefined; viewer?: string | undefined }, rid: string) {
    return this.http.get<{ items: MediaPost[]; total: number }>('/v1/posts/recommended', q, rid);
  }
  search(q: PageQ & { q: string; kind?: string | undefined; viewer?: string | undefined }, rid: string) {
    return this.http.get<{ items: MediaPost[]; total: number }>('/v1/posts/search', q, rid);
  }
  detail(id: string, viewer: string | undefined, rid: string) {
    return this.http.get<MediaPostDetail>(`/v1/posts/${encodeURIComponent(id)}`, { viewer }, rid);
  }
  authorPosts(authorId: string, q: PageQ & { kind?: string | undefined; viewer?: string | undefined }, rid: string) {
    return this.http.get<{ items: MediaPost[]; total: number }>(`/v1/authors/${encodeURIComponent(authorId)}/posts`, q, rid);
  }
  feed(userId: string, q: PageQ & { viewer?: string | undefined }, rid: string) {
    return this.http.get<{ items: MediaFeedItem[]; total: number }>(`/v1/authors/${encodeURIComponent(userId)}/feed`, q, rid);
  }
  stats(authorId: string, rid: string) {
    return this.http.get<MediaStats>(`/v1/authors/${encodeURIComponent(authorId)}/stats`, {}, rid);
  }
  like(id: string, body: { userId: string; like?: boolean | undefined }, rid: string) {
    return this.http.send<{ liked: boolean; likes: number }>('POST', `/v1/posts/${encodeURIComponent(id)}/like`, body, rid);
  }
  collect(id: string, body: { userId: string; collect?: boolean | undefined }, rid: string) {
    return this.http.send<{ collected: boolean; collections: number }>('POST', `/v1/posts/${encodeURIComponent(id)}/collect`, body, rid);
  }
  forward(id: string, body: { userId: string; comment?: string | undefined }, rid: string) {
    return this.http.send<{ forward: MediaForward; forwards: number }>('POST', `/v1/posts/${encodeURIComponent(id)}/forward`, body, rid);
  }
  unforward(id: string, userId: string, rid: string) {
    return this.http.send<{ forwarded: false; forwards: number }>('DELETE', `/v1/posts/${encodeURIComponent(id)}/forward?userId=${encodeURIComponent(userId)}`, undefined, rid);
  }
  comments(id: string, q: PageQ, rid: string) {
    return this.http.get<{ items: (MediaComment & { replies: MediaComment[] })[]; total: number; all: number }>(`/v1/posts/${encodeURIComponent(id)}/comments`, q, rid);
  }
  comment(id: string, body: { userId: string; accountCreatedAt: string; text: string; parentId?: string | undefined }, rid: string) {
    return this.http.send<MediaComment>('POST', `/v1/posts/${encodeURIComponent(id)}/comments`, body, rid);
  }
  deleteComment(id: string, userId: string, rid: string) {
    return this.http.send<{ deleted: string[] }>('DELETE', `/v1/comments/${encodeURIComponent(id)}?userId=${encodeURIComponent(userId)}`, undefined, rid);
  }
  /** One comment of a live post (404 otherwise). */
  commentById(id: string, rid: string) {
    return this.http.get<MediaComment>(`/v1/comments/${encodeURIComponent(id)}`, {}, rid);
  }
  /** A moderator removes a reported post or comment (admin role vouched; issue 17). */
  /** Hides a reported post or comment (kept for an appeal, restored by media from `reviews.removal_appeal.decided`); `rule`: the rule cited. */
  moderatorRemove(kind: 'post' | 'comment', id: string, rule: string, rid: string) {
    return this.http.send<{ id: string; postId: string; removedAt: string | null }>('DELETE', `/v1/moderation/${kind === 'post' ? 'posts' : 'comments'}/${encodeURIComponent(id)}?rule=${encodeURIComponent(rule)}`, undefined, rid);
  }
  collections(userId: string, q: PageQ, rid: string) {
    return this.http.get<{ items: (MediaPost & { collectedAt: string })[]; total: number }>(`/v1/users/${encodeURIComponent(userId)}/collections`, q, rid);
  }
}
