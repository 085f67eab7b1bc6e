import { signatureHeaders } from '@brokerwise/api-signature';
import type { AdminRemovalAppeal, AdminUserRow, AuditLogEntry, NoticePage, PostDetail, RemovalAppeal, UploadedImage, UserInfo, UserRemoval } from '@brokerwise/api-contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { makePng } from '../../services/media/test/clips.ts';
import { startReviewStack, type ReviewStack } from '../../gateway/test/review-stack.ts';
import { startWebServer, type WebServer } from '../server.ts';

/**
 * A post a moderator removed, or its author deleted, against the real gateway and services: its
 * address answers 410 Gone (search engines drop it) with a page in the visitor's language saying
 * who removed it and a way back; an unknown post stays 404. The notices about it (a like) say it
 * was removed and no longer link to it, in the API and on the notices page. A 410 is never stored
 * (browsers keep one without Cache-Control for ever): a post restored on appeal opens again.
 */

const SALT = 'post-gone-test-salt';

let stack: ReviewStack;
let web: WebServer;
let admin: UserInfo;

// React's development-only warnings (this renders Vite's dev build) are not what is under test here.
beforeEach(() => void vi.spyOn(console, 'error').mockImplementation(() => undefined));

beforeAll(async () => {
  stack = await startReviewStack(SALT, { all: true, gatewayEnv: { RATE_LIMIT_PER_MINUTE: '1000000' } });
  web = await startWebServer({ host: '127.0.0.1', port: 0, gatewayUrl: stack.base, signatureSalt: SALT, dev: true });
  const signed = await stack.call<{ userInfo: UserInfo }>('POST', '/api/user/checkIn', { body: { tab: 'login', email: stack.demoAdmin!.email, password: stack.demoAdmin!.password } });
  expect(signed.body.code, signed.body.msg).toBe(1);
  admin = signed.body.data.userInfo;
}, 180_000);

afterAll(async () => {
  await web?.close();
  await stack?.close();
});

async function page(path: string, lang: 'en' | 'zh-CN', token = ''): Promise<{ status: number; body: string; cacheControl: string | null }> {
  const headers: Record<string, string> = { accept: 'text/html' };
  if (token) headers.cookie = `bw_session=${token}`;
  // The language as the language switch names it.
  const url = `http://127.0.0.1:${web.port}${path}${lang === 'en' ? '' : `${path.includes('?') ? '&' : '?'}lang=${lang}`}`;
  const response = await fetch(url, { redirect: 'manual', headers });
  return { status: response.status, body: await response.text(), cacheControl: response.headers.get('cache-control') };
}

async function publishImagePost(poster: UserInfo, title: string): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(await makePng(800, 600))], { type: 'image/png' }), 'cover.png');
  const res = await fetch(`${stack.base}/api/upload/image`, { method: 'POST', headers: { ...(await signatureHeaders(SALT)), token: poster.token, lang: 'en' }, body: form });
  const cover = ((await res.json()) as { data: UploadedImage }).data;
  const post = await stack.call<PostDetail>('POST', '/api/vlog/publish', {
    token: poster.token,
    body: { kind: 'image_text', title, description: 'Where the yen goes next.', category: 'analysis', cover: cover.id, content: '<p>Rates matter.</p>' },
  });
  expect(post.body.code, post.body.msg).toBe(1);
  return post.body.data.id;
}

const notices = async (u: UserInfo, lang: 'en' | 'zh-cn') => (await stack.call<NoticePage>('GET', '/api/user/notice', { token: u.token, lang })).body.data.list;

describe('a removed post', () => {
  it('answers 410 in English and Chinese saying a moderator removed it, and its notices no longer link to it', async () => {
    const [poster, fan, reporter] = [await stack.signUp(), await stack.signUp(), await stack.signUp()];
    const id = await publishImagePost(poster, 'Carry trades in 2026');
    expect((await page(`/blog/detail?id=${id}`, 'en')).status).toBe(200);
    expect((await stack.call('POST', '/api/vlog/like', { token: fan.token, body: { id } })).body.code).toBe(1);
    await expect.poll(async () => (await notices(poster, 'en')).find((n) => n.kind === 'post_liked')?.link, { timeout: 10_000 }).toBe(`/blog/detail?id=${id}`);

    expect((await stack.call('POST', '/api/report', { token: reporter.token, body: { targetKind: 'post', targetId: id, reason: 'spam' } })).body.code).toBe(1);
    const removed = await stack.call<AuditLogEntry>('POST', '/api/admin/moderation/decide', { token: admin.token, body: { targetKind: 'post', targetId: id, action: 'remove', reason: 'Looks like an advert.', rule: 'spam' } });
    expect(removed.body.code, removed.body.msg).toBe(1);

    const en = await page(`/blog/detail?id=${id}`, 'en');
    expect(en.status).toBe(410);
    expect(en.body).toContain('data-testid="post-gone-moderation"');
    expect(en.body).toContain('This post was removed');
    expect(en.body).toContain('A moderator removed this post');
    expect(en.body).toMatch(/<title>This post is no longer available[^<]*<\/title>/);
    expect(en.body).toMatch(/<meta name="robots" content="noindex/);
    // A way back: home and the list the post was in.
    expect(en.body).toMatch(/href="\/vlog\/blog"[^>]*>[\s\S]*?Browse more posts/);
    expect(en.body).not.toContain('Carry trades in 2026');
    const zh = await page(`/blog/detail?id=${id}`, 'zh-CN');
    expect(zh.status).toBe(410);
    expect(zh.body).toContain('该作品已被移除');
    expect(zh.body).toContain('该作品因违反本站规则已被管理员移除');
    expect(zh.body).toContain('浏览更多作品');
    // The video address of it says the same.
    expect((await page(`/vlog/detail?id=${id}`, 'en')).status).toBe(410);

    // The like's notice says the post was removed and links nowhere, in the API and on the notices page.
    await expect.poll(async () => (await notices(poster, 'en')).find((n) => n.kind === 'post_liked'), { timeout: 10_000 }).toMatchObject({
      content: `${fan.username} liked your post “Carry trades in 2026”. This post was removed by a moderator.`,
      link: null,
    });
    expect((await notices(poster, 'zh-cn')).find((n) => n.kind === 'post_liked')).toMatchObject({ content: `${fan.username} 赞了您的作品《Carry trades in 2026》。该作品已被管理员移除。`, link: null });
    const list = await page('/user/notice', 'en', poster.token);
    expect(list.status).toBe(200);
    expect(list.body).toContain('This post was removed by a moderator.');
    expect(list.body).not.toContain(`href="/blog/detail?id=${id}"`);
  });

  it('answers 410 saying its author deleted it; an unknown post is still 404', async () => {
    const poster = await stack.signUp();
    const id = await publishImagePost(poster, 'Yen funding again');
    expect((await stack.call('POST', '/api/vlog/delete', { token: poster.token, body: { id } })).body.code).toBe(1);
    const en = await page(`/blog/detail?id=${id}`, 'en');
    expect(en.status).toBe(410);
    expect(en.body).toContain('data-testid="post-gone-author"');
    expect(en.body).toContain('This post was deleted');
    expect(en.body).toContain('Its author deleted this post');
    const zh = await page(`/blog/detail?id=${id}`, 'zh-CN');
    expect(zh.status).toBe(410);
    expect(zh.body).toContain('作者已删除该作品');
    const unknown = await page('/blog/detail?id=00000000-0000-4000-8000-000000000000', 'en');
    expect(unknown.status).toBe(404);
    expect(unknown.body).not.toContain('data-testid="post-gone');
    expect(unknown.body).toContain('Page not found');
  });

  it('is never stored, in the page or the API answer: restored on appeal, its address opens again', async () => {
    const [poster, reporter, mod] = [await stack.signUp(), await stack.signUp(), await stack.signUp()];
    expect((await stack.call<AdminUserRow>('POST', '/api/admin/users/role', { token: admin.token, body: { userId: mod.id, role: 'moderator' } })).body.code).toBe(1);
    const id = await publishImagePost(poster, 'Gold after the Fed');
    expect((await stack.call('POST', '/api/report', { token: reporter.token, body: { targetKind: 'post', targetId: id, reason: 'spam' } })).body.code).toBe(1);
    const removed = await stack.call<AuditLogEntry>('POST', '/api/admin/moderation/decide', { token: admin.token, body: { targetKind: 'post', targetId: id, action: 'remove', reason: 'Looks like an advert.', rule: 'spam' } });
    expect(removed.body.code, removed.body.msg).toBe(1);

    for (const path of [`/blog/detail?id=${id}`, `/vlog/detail?id=${id}`]) {
      const gone = await page(path, 'en');
      expect({ status: gone.status, cacheControl: gone.cacheControl }).toEqual({ status: 410, cacheControl: 'no-store' });
    }
    const api = await stack.call('GET', `/api/vlog/detail?id=${id}`);
    expect({ status: api.status, cacheControl: api.headers.get('cache-control') }).toEqual({ status: 410, cacheControl: 'no-store' });

    // Its author appeals; a second moderator restores it: the same address answers 200 again.
    const removal = (await stack.call<UserRemoval[]>('GET', '/api/user/removals', { token: poster.token })).body.data.find((r) => r.targetId === id)!;
    const appealed = await stack.call<RemovalAppeal>('POST', '/api/user/removalAppeal', { token: poster.token, body: { removalId: removal.removalId, text: 'This is market analysis, nothing is for sale.' } });
    expect(appealed.body.code, appealed.body.msg).toBe(1);
    const restored = await stack.call<AdminRemovalAppeal>('POST', '/api/admin/removalAppeals/decide', { token: mod.token, body: { appealId: appealed.body.data.id, decision: 'restore', reason: 'Analysis, not advertising.' } });
    expect(restored.body.code, restored.body.msg).toBe(1);
    await expect.poll(async () => (await page(`/blog/detail?id=${id}`, 'en')).status, { timeout: 15_000 }).toBe(200);
    const back = await page(`/blog/detail?id=${id}`, 'en');
    expect(back.body).toContain('Gold after the Fed');
    expect(back.cacheControl).toBeNull();
  });
});
