import { describe, expect, it } from 'vitest';
import type { MediaPost } from '../clients/media.client.ts';
import { presentCard, type PresentContext } from './posts.ts';

const post = (video: MediaPost['video']): MediaPost => ({
  id: 'p1',
  authorId: 'a1',
  kind: 'video',
  title: 'T',
  description: 'D',
  category: 'news',
  locale: 'en',
  cover: { imageId: 'i1', fullKey: 'images/i1/full.webp', coverKey: 'images/i1/cover.webp', thumbKey: 'images/i1/thumb.webp' },
  video,
  counts: { likes: 1, comments: 2, collections: 3, forwards: 4 },
  createdAt: '2026-12-01T00:00:00.000Z',
  updatedAt: '2026-12-02T00:00:00.000Z',
  publishedAt: null,
  viewer: { liked: true, collected: false, forwarded: false },
});
const ctx = (lang: 'en' | 'zh-cn', viewer?: string): PresentContext => ({
  lang,
  viewer,
  authors: new Map([['a1', { id: 'a1', username: 'trader', avatar: { avatar: '' } }]]),
  category: (slug) => ({ slug: slug as 'news', name: lang === 'en' ? 'News' : '行业资讯' }),
});
const processing = { id: 'v1', status: 'processing' as const, reason: null, playbackKey: null, posterKey: null, durationSeconds: 2, width: 320, height: 240 };

describe('presentCard', () => {
  it('shows the spec\u2019s message in place of a video that does not play (spec §8)', () => {
    expect(presentCard(post(processing), ctx('en')).video).toMatchObject({ playable: false, url: null, poster: null, message: 'This video is temporarily unavailable, please try again later.' });
    expect(presentCard(post({ ...processing, status: 'failed', reason: 'timeout' }), ctx('zh-cn')).video?.message).toBe('该视频暂时无法播放，请稍后再试。');
  });

  it('gives /media/ addresses of a playable video, names, marks and ownership', () => {
    const card = presentCard(post({ ...processing, status: 'ready', playbackKey: 'videos/v1/playback.mp4', posterKey: 'videos/v1/poster.jpg' }), ctx('en', 'a1'));
    expect(card).toMatchObject({
      video: { playable: true, url: '/media/videos/v1/playback.mp4', poster: '/media/videos/v1/poster.jpg', message: null },
      cover: { url: '/media/images/i1/cover.webp', thumb: '/media/images/i1/thumb.webp', full: '/media/images/i1/full.webp' },
      author: { username: 'trader' },
      category: { slug: 'news', name: 'News' },
      liked: true,
      collected: false,
      mine: true,
    });
    expect(presentCard(post(null), ctx('en', 'someone')).author.username).toBe('trader');
    expect(presentCard({ ...post(null), authorId: 'gone' }, ctx('en')).author).toEqual({ id: 'gone', username: '', avatar: { avatar: '' } });
  });
});
