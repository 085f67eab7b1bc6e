import { describe, expect, it } from 'vitest';
import type { PostDetail } from '@brokerwise/api-contract';
import {
  checkComment,
  checkForwardComment,
  checkImageFile,
  checkVideoFile,
  formatDuration,
  isEmptyContent,
  isoDuration,
  isUserId,
  listHref,
  personalHref,
  postHref,
  postPage,
  textOfHtml,
  validatePost,
  videoJsonLd,
  blogPostingJsonLd,
  VIDEO_MAX_BYTES,
  type PostFormValues,
} from '../app/lib/posts';
import { percentOf } from '../app/lib/upload';

const valid: PostFormValues = {
  kind: 'video',
  title: 'Gold breakout',
  description: 'London open on XAUUSD.',
  category: 'analysis',
  cover: 'img1',
  video: 'vid1',
  videoState: 'ready',
  content: '',
  keepCover: false,
  keepVideo: false,
};

describe('post addresses', () => {
  it('sends videos to /vlog/detail and image-text posts to /blog/detail', () => {
    expect(postHref({ id: 'a1', kind: 'video' })).toBe('/vlog/detail?id=a1');
    expect(postHref({ id: 'b 2', kind: 'image_text' })).toBe('/blog/detail?id=b+2');
  });

  it('builds profile and list addresses without empty parameters or page 1', () => {
    expect(personalHref('u1')).toBe('/vlog/personal?uid=u1');
    expect(personalHref('u1', 'feed', 3)).toBe('/vlog/personal?uid=u1&tab=feed&page=3');
    expect(personalHref('u1', 'fans', 2)).toBe('/vlog/personal?uid=u1&tab=fans&page=2');
    expect(listHref('/vlog/index', { category: null, page: 1 })).toBe('/vlog/index');
    expect(listHref('/vlog/index', { category: 'news', page: 2 })).toBe('/vlog/index?category=news&page=2');
  });

  it('reads odd page numbers as page 1 and checks user ids', () => {
    expect(postPage('3')).toBe(3);
    for (const odd of [null, '', '0', '-1', '2.5', 'x', '1001']) expect(postPage(odd)).toBe(1);
    expect(isUserId('0b9f8a3e-8a0c-4f3e-9d7c-2b1a0e6c5d4f')).toBe(true);
    expect(isUserId('abc')).toBe(false);
  });
});

describe('durations', () => {
  it('formats card badges', () => {
    expect(formatDuration(4.04)).toBe('0:04');
    expect(formatDuration(64)).toBe('1:04');
    expect(formatDuration(3725)).toBe('1:02:05');
    expect(formatDuration(null)).toBe('');
  });

  it('writes ISO 8601 for structured data', () => {
    expect(isoDuration(4)).toBe('PT4S');
    expect(isoDuration(64.4)).toBe('PT1M4S');
    expect(isoDuration(3600)).toBe('PT1H');
    expect(isoDuration(0)).toBe('PT0S');
    expect(isoDuration(undefined)).toBeUndefined();
  });
});

describe('publishing rules (spec §5)', () => {
  it('accepts a complete video post', () => {
    expect(validatePost(valid)).toEqual({});
  });

  it('requires title, description, category, cover and the video', () => {
    const errors = validatePost({ ...valid, title: ' ', description: '', category: '', cover: '', video: '', videoState: '' });
    expect(errors).toEqual({
      title: 'creation.validation.titleRequired',
      description: 'creation.validation.descriptionRequired',
      category: 'creation.validation.categoryRequired',
      cover: 'creation.validation.coverRequired',
      video: 'creation.validation.videoRequired',
    });
  });

  it('limits lengths, and an edited post keeps its cover and video', () => {
    const errors = validatePost({ ...valid, title: 'x'.repeat(101), description: 'y'.repeat(501), cover: '', video: '', keepCover: true, keepVideo: true });
    expect(errors).toEqual({ title: 'creation.validation.titleLength', description: 'creation.validation.descriptionLength' });
  });

  it('waits for an upload and refuses a failed video', () => {
    expect(validatePost({ ...valid, videoState: 'uploading' }).video).toBe('creation.validation.videoUploading');
    expect(validatePost({ ...valid, videoState: 'failed' }).video).toBe('creation.validation.videoFailed');
    expect(validatePost({ ...valid, videoState: 'processing' }).video).toBeUndefined();
  });

  it('requires content for image-text posts: text or a picture', () => {
    const post = { ...valid, kind: 'image_text', video: '', videoState: '' as const };
    expect(validatePost({ ...post, content: '<p></p>' }).content).toBe('creation.validation.contentRequired');
    expect(validatePost({ ...post, content: '<p><img src="/media/images/a.webp"></p>' }).content).toBeUndefined();
    expect(validatePost({ ...post, content: '<p>Hello</p>' })).toEqual({});
    expect(validatePost({ ...post, content: `<p>${'x'.repeat(20_001)}</p>` }).content).toBe('creation.validation.contentLength');
  });

  it('checks a chosen video: mp4 under 10MB', () => {
    expect(checkVideoFile({ type: 'video/mp4', name: 'a.mp4', size: 1000 })).toBeNull();
    expect(checkVideoFile({ type: '', name: 'a.MP4', size: 1000 })).toBeNull();
    expect(checkVideoFile({ type: 'video/quicktime', name: 'a.mov', size: 1000 })).toBe('creation.validation.videoType');
    expect(checkVideoFile({ type: 'video/mp4', name: 'a.mp4', size: VIDEO_MAX_BYTES })).toBe('creation.validation.videoSize');
  });

  it('checks pictures: JPEG, PNG or WebP up to 5MB', () => {
    expect(checkImageFile({ type: 'image/png', size: 10 })).toBeNull();
    expect(checkImageFile({ type: 'image/gif', size: 10 })).toBe('creation.validation.imageType');
    expect(checkImageFile({ type: 'image/jpeg', size: 5 * 1024 * 1024 + 1 })).toBe('creation.validation.imageSize');
  });
});

describe('comments and forwards', () => {
  it('takes 1–500 characters, counting an emoji as one', () => {
    expect(checkComment('  ')).toBe('post.comment.required');
    expect(checkComment('👍'.repeat(500))).toBeNull();
    expect(checkComment('a'.repeat(501))).toBe('post.comment.tooLong');
    expect(checkForwardComment('')).toBeNull();
    expect(checkForwardComment('a'.repeat(501))).toBe('post.forward.tooLong');
  });
});

describe('html text', () => {
  it('reads the text of sanitised html', () => {
    expect(textOfHtml('<h2>Gold</h2><p>Buy &amp; hold<br>now</p>')).toBe('Gold Buy & hold now');
    expect(isEmptyContent('<p> </p>')).toBe(true);
  });
});

describe('upload progress', () => {
  it('is a whole percentage from 0 to 100', () => {
    expect(percentOf(512, 1024)).toBe(50);
    expect(percentOf(1023, 1024)).toBe(99);
    expect(percentOf(2048, 1024)).toBe(100);
    expect(percentOf(10, 0)).toBe(0);
  });
});

describe('structured data', () => {
  const post: PostDetail = {
    id: 'p1',
    kind: 'video',
    title: 'Gold breakout',
    description: 'London open',
    category: { slug: 'analysis', name: 'Market analysis' },
    locale: 'en',
    cover: { url: '/media/images/c.webp', thumb: '/media/images/t.webp', full: '/media/images/f.webp' },
    video: { id: 'v1', status: 'ready', playable: true, url: '/media/videos/v1/playback.mp4', poster: '/media/videos/v1/poster.jpg', duration: 64, width: 1280, height: 720, message: null },
    author: { id: 'u1', username: 'lena', avatar: { avatar: '' } },
    counts: { likes: 3, comments: 0, collections: 0, forwards: 0 },
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-21T10:00:00.000Z',
    liked: false,
    collected: false,
    forwarded: false,
    mine: false,
    content: '',
  };

  it('describes a video with absolute addresses and an ISO duration', () => {
    const ld = videoJsonLd(post, 'https://bw.example', 'https://bw.example/vlog/detail?id=p1');
    expect(ld).toMatchObject({
      '@type': 'VideoObject',
      name: 'Gold breakout',
      description: 'London open',
      thumbnailUrl: ['https://bw.example/media/videos/v1/poster.jpg', 'https://bw.example/media/images/c.webp'],
      uploadDate: '2026-11-20T10:00:00.000Z',
      duration: 'PT1M4S',
      contentUrl: 'https://bw.example/media/videos/v1/playback.mp4',
    });
  });

  it('describes an article', () => {
    const ld = blogPostingJsonLd({ ...post, kind: 'image_text', video: null, locale: 'zh-cn', content: '<p>黄金</p>' }, 'https://bw.example', 'https://bw.example/blog/detail?id=p1');
    expect(ld).toMatchObject({ '@type': 'BlogPosting', headline: 'Gold breakout', image: ['https://bw.example/media/images/c.webp'], inLanguage: 'zh-CN', dateModified: '2026-11-21T10:00:00.000Z' });
  });
});
