import type { IdentityClient } from '../clients/identity.client.ts';
import type { MediaCategory, MediaClient, MediaComment, MediaPost, MediaPostDetail, MediaVideo } from '../clients/media.client.ts';
import type { Lang, PostAuthor, PostCard, PostCategory, PostCategorySlug, PostComment, PostDetail, PostVideo, UploadedVideo } from '@brokerwise/api-contract';
import { message } from '../i18n/messages.ts';
import { srcsetOf } from './responsive.ts';

const MEDIA_BASE = '/media/';
/** Site-relative address of a stored object (the gateway's /media/ route). */
export const mediaUrl = (key: string): string => `${MEDIA_BASE}${key}`;
const maybeUrl = (key: string | null | undefined): string | null => (key ? mediaUrl(key) : null);

export type Authors = Map<string, PostAuthor>;

/** Every cover is cropped to 1280 × 720 at upload (media's IMAGE_VARIANTS): its sizes until its job recorded them. */
const COVER_SIZE = { width: 1280, height: 720 };

/**
 * Names and avatars of the users a page shows, with one identity call. A failing identity
 * service degrades the names to '' rather than failing a public page.
 */
export async function authorsOf(identity: IdentityClient, ids: Iterable<string>, rid: string): Promise<Authors> {
  const wanted = [...new Set(ids)];
  const map: Authors = new Map();
  if (wanted.length > 0) {
    try {
      const { items } = await identity.userCards(wanted, rid);
      for (const u of items) map.set(u.id, { id: u.id, username: u.username, avatar: { avatar: u.avatarKey ? mediaUrl(u.avatarKey) : '' } });
    } catch {
      // names stay blank
    }
  }
  return map;
}

const authorOf = (authors: Authors, id: string): PostAuthor => authors.get(id) ?? { id, username: '', avatar: { avatar: '' } };

/** The fixed category list, fetched from the media service once per process. */
export class Categories {
  private readonly media: MediaClient;
  private loaded: Promise<MediaCategory[]> | undefined;

  constructor(media: MediaClient) {
    this.media = media;
  }

  list(rid: string): Promise<MediaCategory[]> {
    this.loaded ??= this.media.categories(rid).then(
      (r) => r.items,
      (err: unknown) => {
        this.loaded = undefined;
        throw err;
      },
    );
    return this.loaded;
  }

  async present(rid: string, lang: Lang): Promise<PostCategory[]> {
    return (await this.list(rid)).map((c) => name(c, lang));
  }

  async lookup(rid: string, lang: Lang): Promise<(slug: string) => PostCategory> {
    const all = new Map((await this.list(rid).catch(() => [] as MediaCategory[])).map((c) => [c.slug, name(c, lang)]));
    return (slug) => all.get(slug) ?? { slug: slug as PostCategorySlug, name: slug };
  }
}

const name = (c: MediaCategory, lang: Lang): PostCategory => ({ slug: c.slug as PostCategorySlug, name: lang === 'zh-cn' ? c.nameZh : c.nameEn });

function presentVideo(v: NonNullable<MediaPost['video']>, lang: Lang): PostVideo {
  const playable = v.status === 'ready' && v.playbackKey !== null;
  return {
    id: v.id,
    status: v.status,
    playable,
    url: playable ? maybeUrl(v.playbackKey) : null,
    poster: playable ? maybeUrl(v.posterKey) : null,
    // The poster is the top rendition's size (the video's): its sizes follow from it until recorded.
    posterSrcset: playable ? srcsetOf(MEDIA_BASE, v.posterKey, 'photo', v.posterSizes ?? (v.width && v.height ? { width: v.width, height: v.height } : null)) : undefined,
    duration: v.durationSeconds,
    width: v.width,
    height: v.height,
    message: playable ? null : message('media.video_unavailable', lang),
  };
}

export interface PresentContext {
  lang: Lang;
  authors: Authors;
  category: (slug: string) => PostCategory;
  viewer: string | undefined;
}

export function presentCard(p: MediaPost, c: PresentContext): PostCard {
  return {
    id: p.id,
    kind: p.kind,
    title: p.title,
    description: p.description,
    category: c.category(p.category),
    locale: p.locale,
    cover: { url: mediaUrl(p.cover.coverKey), thumb: mediaUrl(p.cover.thumbKey), full: mediaUrl(p.cover.fullKey), srcset: srcsetOf(MEDIA_BASE, p.cover.coverKey, 'photo', p.cover.coverSizes ?? COVER_SIZE) },
    video: p.video ? presentVideo(p.video, c.lang) : null,
    author: authorOf(c.authors, p.authorId),
    counts: p.counts,
    createdAt: p.createdAt,
    updatedAt: p.updatedAt,
    liked: p.viewer?.liked ?? false,
    collected: p.viewer?.collected ?? false,
    forwarded: p.viewer?.forwarded ?? false,
    mine: c.viewer !== undefined && c.viewer === p.authorId,
  };
}

export const presentDetail = (p: MediaPostDetail, c: PresentContext): PostDetail => ({ ...presentCard(p, c), content: p.contentHtml });

export function presentComment(m: MediaComment & { replies?: MediaComment[] }, c: PresentContext): PostComment {
  return {
    id: m.id,
    content: m.text,
    author: authorOf(c.authors, m.userId),
    replyTo: m.parentId && m.replyToUserId ? authorOf(c.authors, m.replyToUserId) : null,
    createdAt: m.createdAt,
    mine: c.viewer !== undefined && c.viewer === m.userId,
    replies: (m.replies ?? []).map((r) => presentComment(r, c)),
  };
}

const STATUS_MESSAGE = { processing: 'upload.video_processing', ready: 'upload.video_ready', failed: 'upload.video_failed' } as const;

export function presentUpload(v: MediaVideo, lang: Lang): UploadedVideo {
  return {
    id: v.id,
    status: v.status,
    reason: v.reason,
    message: message(STATUS_MESSAGE[v.status], lang),
    progress: v.status === 'ready' ? 100 : (v.progress ?? 0),
    url: maybeUrl(v.playbackKey),
    poster: maybeUrl(v.posterKey),
    duration: v.durationSeconds,
    width: v.width,
    height: v.height,
    size: v.sizeBytes,
  };
}
