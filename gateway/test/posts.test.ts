import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import sharp from 'sharp';
import { signatureHeaders } from '@brokerwise/api-signature';
import type { CommentPage, CreatorPage, ErrorData, Page, PostCard, PostCategory, PostComment, PostDetail, UnforwardResponse, UploadedImage, UploadedVideo, UserInfo } from '@brokerwise/api-contract';
import { makeClip, makePixelFloodPng, makePng } from '../../services/media/test/clips.ts';
import { startMediaStack, type MediaStack } from './media-stack.ts';

const SALT = 'posts-test-salt';

let stack: MediaStack;
const call: MediaStack['call'] = (method, p, opts) => stack.call(method, p, opts);

beforeAll(async () => {
  stack = await startMediaStack(SALT);
});
afterAll(async () => {
  await stack?.close();
});

async function uploadImage(user: UserInfo): Promise<UploadedImage> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(await makePng(800, 600))], { type: 'image/png' }), 'cover.png');
  const res = await fetch(`${stack.base}/api/upload/image`, { method: 'POST', headers: { ...(await signatureHeaders(SALT)), token: user.token, lang: 'en' }, body: form });
  const body = (await res.json()) as { code: number; data: UploadedImage; msg: string };
  expect(body.code, body.msg).toBe(1);
  return body.data;
}

async function uploadVideo(user: UserInfo, name = 'clip.mp4'): Promise<UploadedVideo> {
  const r = await call<UploadedVideo>('POST', '/api/upload/video', { token: user.token, raw: await makeClip(stack.workDir, name, { seconds: 1 }), contentType: 'video/mp4' });
  expect(r.body.code, r.body.msg).toBe(1);
  return r.body.data;
}

/** Transcoding runs ffmpeg (a real child process): a generous limit. */
function readyVideo(user: UserInfo, id: string): Promise<UploadedVideo> {
  return vi.waitFor(
    async () => {
      const r = await call<UploadedVideo>('GET', `/api/upload/video/status?id=${id}`, { token: user.token });
      if (r.body.data.status === 'processing') throw new Error(`video ${id} still processing`);
      return r.body.data;
    },
    { timeout: 30_000, interval: 50 },
  );
}

async function textPost(user: UserInfo, extra: Record<string, unknown> = {}): Promise<PostDetail> {
  const cover = await uploadImage(user);
  const r = await call<PostDetail>('POST', '/api/vlog/publish', {
    token: user.token,
    body: { kind: 'image_text', title: 'Gold after the Fed', description: 'What moved XAU/USD.', category: 'analysis', cover: cover.id, content: '<p>Gold rallied.</p>', ...extra },
  });
  expect(r.body.code, r.body.msg).toBe(1);
  return r.body.data;
}

describe('/api/vlog: categories, publishing and reading', () => {
  it('lists the categories in the caller\u2019s language', async () => {
    const en = await call<PostCategory[]>('GET', '/api/vlog/categories');
    expect(en.body.data[0]).toEqual({ slug: 'analysis', name: 'Market analysis' });
    const zh = await call<PostCategory[]>('GET', '/api/vlog/categories', { lang: 'zh-cn' });
    expect(zh.body.data.map((c) => c.name)).toEqual(['市场分析', '交易学堂', '行业资讯', '交易策略', '券商测评', '交易员生活']);
  });

  it('needs a session to publish, and names each bad field in the caller\u2019s language', async () => {
    const anon = await call<ErrorData>('POST', '/api/vlog/publish', { body: { kind: 'image_text' } });
    expect(anon.status).toBe(401);
    expect(anon.body.code).toBe(402);
    const user = await stack.user();
    const bad = await call<ErrorData>('POST', '/api/vlog/publish', { token: user.token, lang: 'zh-cn', body: { kind: 'image_text', title: '', description: 'x'.repeat(501), category: 'crypto', content: '<script>x</script>' } });
    expect(bad.status).toBe(400);
    expect(bad.body.data).toMatchObject({
      error: 'media.validation',
      fields: { title: '请输入标题。', description: '简介最多 500 个字符。', cover: '请上传封面。', category: '请从列表中选择分类。' },
    });
    const cover = await uploadImage(user);
    const empty = await call<ErrorData>('POST', '/api/vlog/publish', { token: user.token, body: { kind: 'image_text', title: 't', description: 'd', category: 'news', cover: cover.id, content: '<script>x</script>' } });
    expect(empty.body.data.fields).toEqual({ content: 'Please enter the content.' });
    const long = await call<ErrorData>('POST', '/api/vlog/publish', { token: user.token, body: { kind: 'image_text', title: 't', description: 'd', category: 'news', cover: cover.id, content: `<p>${'x'.repeat(20_001)}</p>` } });
    expect(long.body.data.fields).toEqual({ content: 'The content can be at most 20000 characters.' });
    const video = await call<ErrorData>('POST', '/api/vlog/publish', { token: user.token, body: { kind: 'video', title: 't', description: 'd', category: 'news', cover: cover.id } });
    expect(video.body.data.fields).toEqual({ video: 'Please upload a video.' });
  });

  it('uploads a video with progress-friendly streaming, publishes it, and plays it with Range', async () => {
    const user = await stack.user();
    const cover = await uploadImage(user);
    expect(cover.cover).toMatch(/^\/media\/images\/[0-9a-f-]{36}\/cover\.webp$/);
    const up = await uploadVideo(user);
    expect(up).toMatchObject({ status: 'processing', progress: 0, url: null, message: 'Video uploaded. It is being processed, which usually takes under a minute.' });
    const published = await call<PostDetail>('POST', '/api/vlog/publish', { token: user.token, body: { kind: 'video', title: 'London open scalp', description: 'Live session', category: 'strategy', cover: cover.id, video: up.id } });
    expect(published.body.code).toBe(1);
    expect(['Published.', 'Published. Your video is being processed and the post will appear once it is ready.']).toContain(published.body.msg);

    const ready = await readyVideo(user, up.id);
    expect(ready).toMatchObject({ status: 'ready', progress: 100, message: 'Your video is ready.', url: `/media/videos/${up.id}/hls/master.m3u8`, poster: `/media/videos/${up.id}/poster.jpg` });
    const detail = await call<PostDetail>('GET', `/api/vlog/detail?id=${published.body.data.id}`);
    expect(detail.body.data).toMatchObject({
      kind: 'video',
      title: 'London open scalp',
      category: { slug: 'strategy', name: 'Strategies' },
      video: { status: 'ready', playable: true, url: ready.url, poster: ready.poster, message: null },
      author: { id: user.id, username: user.username },
      mine: false,
      liked: false,
      content: '',
    });

    // HLS: the master playlist and a rendition's playlist as playlists, cached for good (the names never change).
    const master = await fetch(`${stack.base}${ready.url}`);
    expect(master.headers.get('content-type')).toBe('application/vnd.apple.mpegurl');
    expect(master.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const variant = /\n([^#\n]+\.m3u8)/.exec(await master.text())![1]!;
    const list = await fetch(new URL(variant, `${stack.base}${ready.url}`));
    expect(list.headers.get('content-type')).toBe('application/vnd.apple.mpegurl');
    const segment = /\n([^#\n]+\.m4s)/.exec(await list.text())![1]!;
    // A segment is fetched whole or by Range like any file.
    const url = new URL(segment, list.url).href;
    const whole = await fetch(url);
    expect(whole.headers.get('content-type')).toBe('video/mp4');
    const bytes = Buffer.from(await whole.arrayBuffer());
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(whole.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const part = await fetch(url, { headers: { range: 'bytes=100-199' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-199/${bytes.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(bytes.subarray(100, 200))).toBe(true);
    expect((await fetch(url, { headers: { range: `bytes=${bytes.length}-` } })).status).toBe(416);
    const poster = await fetch(`${stack.base}${ready.poster}`);
    expect((await sharp(Buffer.from(await poster.arrayBuffer())).metadata()).format).toBe('jpeg');

    // The cover's and the poster's AVIF and WebP sizes (ADR 033): listed in the answer, served as AVIF once made after the upload.
    const d = detail.body.data;
    expect(d.cover.srcset?.avif.map((s) => s.url)).toEqual([320, 640, 960, 1280].map((w) => `${d.cover.url}.${w}w.avif`));
    expect(d.cover.srcset?.avif.map((s) => s.width)).toEqual([320, 640, 960, 1280]);
    // Each size is described by the pixels it has: this clip's poster is 320 × 240, so its one size is 320 px (the larger names would be the same picture).
    expect(d.video?.posterSrcset?.webp).toEqual([{ width: 320, url: `${ready.poster}.320w.webp` }]);
    for (const url of [d.cover.srcset!.avif[1]!.url, d.video!.posterSrcset!.avif[0]!.url]) {
      await vi.waitFor(async () => expect((await fetch(`${stack.base}${url}`)).headers.get('content-type')).toBe('image/avif'), { timeout: 30_000, interval: 250 });
    }
  });

  it('refuses bad uploads with the field\u2019s message', async () => {
    const user = await stack.user();
    const png = await call<ErrorData>('POST', '/api/upload/video', { token: user.token, raw: await makePng(), contentType: 'video/mp4' });
    expect(png.status).toBe(400);
    expect(png.body).toMatchObject({ code: 0, msg: 'The video must be an mp4 file.', data: { error: 'media.video_invalid', fields: { video: 'The video must be an mp4 file.' } } });
    const big = await call<ErrorData>('POST', '/api/upload/video', { token: user.token, lang: 'zh-cn', raw: Buffer.alloc(10 * 1024 * 1024 + 1), contentType: 'video/mp4' });
    expect(big.body).toMatchObject({ msg: '视频须为小于 10MB 的 mp4 文件。', data: { fields: { video: '视频须为小于 10MB 的 mp4 文件。' } } });
    const cut = await call<ErrorData>('POST', '/api/upload/video', { token: user.token, raw: (await makeClip(stack.workDir, 'cut.mp4')).subarray(0, 10_000), contentType: 'video/mp4' });
    expect(cut.body.msg).toBe('This video file is damaged or incomplete. Please export it again.');
    const anon = await call<ErrorData>('POST', '/api/upload/video', { raw: await makePng(), contentType: 'video/mp4' });
    expect(anon.body.code).toBe(402);
    const flood = await call<ErrorData>('POST', '/api/upload/image', { token: user.token, raw: makePixelFloodPng(), contentType: 'image/png' });
    expect(flood.body).toMatchObject({ msg: 'The image has too many pixels.', data: { fields: { image: 'The image has too many pixels.' } } });
    const raw = await call<UploadedImage>('POST', '/api/upload/image', { token: user.token, raw: await makePng(), contentType: 'image/png' });
    expect(raw.body.data.full).toMatch(/^\/media\/images\/.+\/full\.webp$/);
    const other = await stack.user();
    const status = await call<ErrorData>('GET', `/api/upload/video/status?id=${(await uploadVideo(user, 'own.mp4')).id}`, { token: other.token });
    expect(status.status).toBe(404);
  });

  it('lists the creator\u2019s own posts whatever the state of their video', async () => {
    const user = await stack.user();
    const cover = await uploadImage(user);
    const up = await uploadVideo(user, 'wait.mp4');
    const p = await call<PostDetail>('POST', '/api/vlog/publish', { token: user.token, body: { kind: 'video', title: 'Soon', description: 'd', category: 'news', cover: cover.id, video: up.id } });
    const mine = await call<Page<PostCard>>('GET', '/api/vlog/mine', { token: user.token });
    expect(mine.body.data.list.map((c) => [c.id, c.mine])).toEqual([[p.body.data.id, true]]);
    await readyVideo(user, up.id);
    const d = await call<PostDetail>('GET', `/api/vlog/detail?id=${p.body.data.id}`, { lang: 'zh-cn' });
    expect(d.body.data.video).toMatchObject({ status: 'ready', playable: true, message: null });
  });
});

describe('/api/vlog: authorship, interactions and profiles', () => {
  it('lets only the author edit or delete a post', async () => {
    const author = await stack.user();
    const stranger = await stack.user();
    const p = await textPost(author);
    const edit = await call<ErrorData>('POST', '/api/vlog/edit', { token: stranger.token, body: { id: p.id, title: 'Mine now' } });
    expect(edit.status).toBe(403);
    expect(edit.body).toMatchObject({ code: 0, msg: 'Only the author can change this post.', data: { error: 'media.not_author' } });
    const del = await call<ErrorData>('POST', '/api/vlog/delete', { token: stranger.token, body: { id: p.id } });
    expect(del.status).toBe(403);
    const ok = await call<PostDetail>('POST', '/api/vlog/edit', { token: author.token, lang: 'zh-cn', body: { id: p.id, title: '美联储之后的黄金' } });
    expect(ok.body).toMatchObject({ code: 1, msg: '修改已保存。', data: { title: '美联储之后的黄金', mine: true, content: '<p>Gold rallied.</p>' } });
    const gone = await call('POST', '/api/vlog/delete', { token: author.token, body: { id: p.id } });
    expect(gone.body).toMatchObject({ code: 1, msg: 'The post has been deleted.' });
    const missing = await call<ErrorData>('GET', `/api/vlog/detail?id=${p.id}`);
    expect(missing.status).toBe(410);
    expect(missing.body).toMatchObject({ code: 0, msg: 'This post was deleted by its author.', data: { error: 'media.post_deleted' } });
    const zh = await call<ErrorData>('GET', `/api/vlog/detail?id=${p.id}`, { lang: 'zh-cn' });
    expect(zh.body.msg).toBe('该作品已被作者删除。');
  });

  it('likes, bookmarks, forwards and comments, with names and the caller\u2019s marks', async () => {
    const author = await stack.user();
    const fan = await stack.user();
    const p = await textPost(author, { title: `Range trading ${Date.now()}` });
    const like = await call<{ liked: boolean; likes: number }>('POST', '/api/vlog/like', { token: fan.token, body: { id: p.id } });
    expect(like.body).toMatchObject({ code: 1, msg: 'Liked.', data: { liked: true, likes: 1 } });
    expect((await call('POST', '/api/vlog/collect', { token: fan.token, body: { id: p.id } })).body).toMatchObject({ msg: 'Added to your collection.', data: { collected: true, collections: 1 } });
    expect((await call('POST', '/api/vlog/forward', { token: fan.token, body: { id: p.id, comment: 'Read this' } })).body).toMatchObject({ data: { forwards: 1, forward: { comment: 'Read this' } } });
    const again = await call<ErrorData>('POST', '/api/vlog/forward', { token: fan.token, body: { id: p.id } });
    expect(again.status).toBe(409);

    const seen = await call<PostDetail>('GET', `/api/vlog/detail?id=${p.id}`, { token: fan.token });
    expect(seen.body.data).toMatchObject({ liked: true, collected: true, forwarded: true, mine: false, counts: { likes: 1, collections: 1, forwards: 1, comments: 0 } });
    expect((await call<PostDetail>('GET', `/api/vlog/detail?id=${p.id}`)).body.data).toMatchObject({ liked: false, collected: false });

    const top = await call<PostComment>('POST', '/api/vlog/comment', { token: fan.token, body: { id: p.id, content: 'Clear explanation' } });
    expect(top.body).toMatchObject({ code: 1, msg: 'Comment posted.', data: { content: 'Clear explanation', author: { id: fan.id, username: fan.username }, replyTo: null, mine: true } });
    const reply = await call<PostComment>('POST', '/api/vlog/comment', { token: author.token, body: { id: p.id, content: 'Thanks!', pid: top.body.data.id } });
    expect(reply.body.data.replyTo).toMatchObject({ id: fan.id, username: fan.username });
    const dup = await call<ErrorData>('POST', '/api/vlog/comment', { token: fan.token, body: { id: p.id, content: 'clear  EXPLANATION' } });
    expect(dup.body.data).toMatchObject({ error: 'media.duplicate_comment', fields: { content: 'You have already posted this text. Please write something new.' } });
    const tooLong = await call<ErrorData>('POST', '/api/vlog/comment', { token: fan.token, lang: 'zh-cn', body: { id: p.id, content: '长'.repeat(501) } });
    expect(tooLong.body.data.fields).toEqual({ content: '评论最多 500 个字符。' });
    const list = await call<CommentPage>('GET', `/api/vlog/comments?id=${p.id}`, { token: author.token });
    expect(list.body.data).toMatchObject({ total: 1, all: 2 });
    expect(list.body.data.list[0]).toMatchObject({ mine: false, author: { username: fan.username }, replies: [{ content: 'Thanks!', mine: true, author: { username: author.username }, replyTo: { username: fan.username } }] });
    const theft = await call<ErrorData>('POST', '/api/vlog/comment/delete', { token: author.token, body: { id: top.body.data.id } });
    expect(theft.status).toBe(403);
    expect(theft.body.msg).toBe('You can only delete your own comments.');
    const removed = await call<{ deleted: string[] }>('POST', '/api/vlog/comment/delete', { token: fan.token, body: { id: top.body.data.id } });
    expect(removed.body.data.deleted).toHaveLength(2);

    const collections = await call<Page<PostCard & { collectedAt: string }>>('GET', '/api/vlog/collections', { token: fan.token });
    expect(collections.body.data.list.map((c) => c.id)).toEqual([p.id]);
    expect(collections.body.data.list[0]).toMatchObject({ collected: true, author: { username: author.username } });

    const profile = await call<CreatorPage>('GET', `/api/vlog/user?uid=${author.id}`, { token: fan.token });
    expect(profile.body.data.author).toMatchObject({ id: author.id, username: author.username, posts: 1, likesReceived: 1, collectionsReceived: 1, forwardsReceived: 1, followed: false, mine: false });
    expect(profile.body.data.posts?.list.map((c) => c.id)).toEqual([p.id]);
    expect(profile.body.data.feed).toBeNull();
    const feed = await call<CreatorPage>('GET', `/api/vlog/user?uid=${fan.id}&tab=feed`);
    expect(feed.body.data.feed?.list).toMatchObject([{ type: 'forward', post: { id: p.id, author: { username: author.username } }, forward: { comment: 'Read this' } }]);
    const unknown = await call<ErrorData>('GET', `/api/vlog/user?uid=${crypto.randomUUID()}`);
    expect(unknown.status).toBe(404);
  });

  it('undoes a forward for the signed-in user only, in the caller\u2019s language', async () => {
    const author = await stack.user();
    const fan = await stack.user();
    const other = await stack.user();
    const p = await textPost(author);
    const anon = await call<ErrorData>('POST', '/api/vlog/forward/delete', { body: { id: p.id } });
    expect(anon.status).toBe(401);
    expect(anon.body.code).toBe(402);
    await call('POST', '/api/vlog/forward', { token: fan.token, body: { id: p.id, comment: 'Read this' } });
    await call('POST', '/api/vlog/forward', { token: other.token, body: { id: p.id } });

    const undone = await call<UnforwardResponse['data']>('POST', '/api/vlog/forward/delete', { token: fan.token, lang: 'zh-cn', body: { id: p.id } });
    expect(undone.status).toBe(200);
    expect(undone.body).toMatchObject({ code: 1, msg: '已取消转发。', data: { forwards: 1, forwarded: false } });
    expect((await call<PostDetail>('GET', `/api/vlog/detail?id=${p.id}`, { token: fan.token })).body.data).toMatchObject({ forwarded: false, counts: { forwards: 1 } });
    expect((await call<PostDetail>('GET', `/api/vlog/detail?id=${p.id}`, { token: other.token })).body.data.forwarded).toBe(true);
    const feed = await call<CreatorPage>('GET', `/api/vlog/user?uid=${fan.id}&tab=feed`);
    expect(feed.body.data.feed?.list).toEqual([]);

    // Nothing left to undo: the same answer, in English this time.
    const twice = await call<UnforwardResponse['data']>('POST', '/api/vlog/forward/delete', { token: fan.token, body: { id: p.id } });
    expect(twice.body).toMatchObject({ code: 1, msg: 'Forward removed from your feed.', data: { forwards: 1, forwarded: false } });
    // Forwarding again is allowed.
    expect((await call('POST', '/api/vlog/forward', { token: fan.token, body: { id: p.id } })).body).toMatchObject({ code: 1, data: { forwards: 2 } });
    const missing = await call<ErrorData>('POST', '/api/vlog/forward/delete', { token: fan.token, body: { id: crypto.randomUUID() } });
    expect(missing.status).toBe(404);
    expect(missing.body.data.error).toBe('media.post_not_found');
  });

  it('finds, lists and recommends posts', async () => {
    const author = await stack.user();
    const tag = Math.random().toString(36).slice(2, 8);
    const en = await textPost(author, { title: `Carry trade ${tag}`, category: 'education' });
    const zh = await textPost(author, { title: `套息交易 ${tag}`, category: 'education', locale: 'zh-cn' });
    const search = await call<Page<PostCard>>('GET', `/api/vlog/search?keyword=${encodeURIComponent(`CARRY ${tag}`)}`);
    expect(search.body.data.list.map((c) => c.id)).toEqual([en.id]);
    const zhSearch = await call<Page<PostCard>>('GET', `/api/vlog/search?keyword=${encodeURIComponent('套息')}`);
    expect(zhSearch.body.data.list.map((c) => c.id)).toContain(zh.id);
    expect((await call<Page<PostCard>>('GET', '/api/vlog/search?keyword=')).body.data).toMatchObject({ list: [], total: 0 });
    const list = await call<Page<PostCard>>('GET', '/api/vlog/list?kind=image_text&category=education&locale=zh-cn&limit=50');
    expect(list.body.data.list.map((c) => c.id)).toContain(zh.id);
    expect(list.body.data.list.map((c) => c.id)).not.toContain(en.id);
    expect(list.body.data).toMatchObject({ page: 1, limit: 50 });
    const recommend = await call<Page<PostCard>>('GET', '/api/vlog/recommend?limit=50');
    expect(recommend.body.data.list.map((c) => c.id)).toEqual(expect.arrayContaining([en.id, zh.id]));
    const bad = await call<ErrorData>('GET', '/api/vlog/list?kind=podcast');
    expect(bad.status).toBe(400);
  });

  it('limits new accounts to 3 comments a minute with Retry-After', async () => {
    const author = await stack.user();
    const p = await textPost(author);
    const fresh = await stack.user(3600_000);
    for (let i = 0; i < 3; i++) expect((await call('POST', '/api/vlog/comment', { token: fresh.token, body: { id: p.id, content: `hello ${i}` } })).body.code).toBe(1);
    const limited = await call<ErrorData>('POST', '/api/vlog/comment', { token: fresh.token, body: { id: p.id, content: 'hello 3' } });
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe(429);
    const wait = Number(limited.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(0);
    expect(limited.body.msg).toBe(`New accounts can post at most 3 comments a minute. Please try again in ${wait} seconds.`);
  });

  it('needs the CSRF header on cookie sessions', async () => {
    const user = await stack.user();
    const p = await textPost(user);
    const login = await fetch(`${stack.base}/api/user/checkIn`, {
      method: 'POST',
      headers: { ...(await signatureHeaders(SALT)), 'content-type': 'application/json' },
      body: JSON.stringify({ tab: 'login', email: `${user.username}@example.com`, password: 'Secret123' }),
    });
    const cookies = login.headers.getSetCookie().map((c) => c.split(';')[0]!);
    const csrf = cookies.find((c) => c.startsWith('bw_csrf='))!.slice('bw_csrf='.length);
    const cookie = cookies.join('; ');
    const without = await call<ErrorData>('POST', '/api/vlog/like', { body: { id: p.id }, headers: { cookie } });
    expect(without.status).toBe(403);
    expect(without.body.data.error).toBe('csrf_failed');
    const withIt = await call('POST', '/api/vlog/like', { body: { id: p.id }, headers: { cookie, 'x-csrf-token': csrf } });
    expect(withIt.body.code).toBe(1);
    const undoWithout = await call<ErrorData>('POST', '/api/vlog/forward/delete', { body: { id: p.id }, headers: { cookie } });
    expect(undoWithout.status).toBe(403);
    expect(undoWithout.body.data.error).toBe('csrf_failed');
  });
});
