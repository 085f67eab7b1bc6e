/**
 * Notices in a real browser, in both languages: someone follows you → the bell's dot appears on
 * the page you have open, without reloading (the gateway's notice stream) → you publish a post and
 * they comment on it → the notices page shows both notices in the page's language → the dot clears. And the footer newsletter's double opt-in, with and
 * without script. Every test registers its own users (codes from /dev/mailbox).
 */
import type { BrowserContext } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { PostComment, PostDetail, UploadedImage } from '@brokerwise/api-contract';
import { browserSession, hydrated } from './browser.ts';
import { apiGet, apiPost, mailText, register, signIn, type Lang } from './users.ts';

const session = browserSession();
const visitor = session.visitor;

const ADMIN_EMAIL = process.env.E2E_ADMIN_EMAIL;
const ADMIN_PASSWORD = process.env.E2E_ADMIN_PASSWORD;

const TEXT = {
  en: {
    notices: 'Notices',
    title: 'New follower',
    followed: (name: string) => `${name} followed you.`,
    profile: 'View profile',
    system: 'System notifications',
    postTitle: 'EUR/USD weekly outlook',
    comment: 'Great read, thanks for sharing!',
    commentTitle: 'New comment',
    commented: (name: string, post: string, text: string) => `${name} commented on your post “${post}”: ${text}`,
    post: 'View post',
  },
  'zh-CN': {
    notices: '通知',
    title: '新粉丝',
    followed: (name: string) => `${name} 关注了您。`,
    profile: '查看主页',
    system: '系统通知',
    postTitle: '欧元兑美元周度展望',
    comment: '写得很好，感谢分享！',
    commentTitle: '新评论',
    commented: (name: string, post: string, text: string) => `${name} 评论了您的作品《${post}》：${text}`,
    post: '查看作品',
  },
} as const;

/** An image-text post by the context's user, made through the API (upload a cover, publish). */
async function publishPost(context: BrowserContext, lang: Lang, title: string): Promise<PostDetail> {
  const png = await sharp({ create: { width: 640, height: 360, channels: 3, background: '#336699' } }).png().toBuffer();
  const image = await apiPost<UploadedImage>(context, lang, '/api/upload/image', png, 'image/png');
  return apiPost<PostDetail>(context, lang, '/api/vlog/publish', {
    kind: 'image_text',
    title,
    description: `${title}.`,
    cover: image.id,
    category: 'analysis',
    content: `<p>${title}</p>`,
  });
}

describe.each(['en', 'zh-CN'] as const)('notices (%s)', (lang) => {
  it('someone follows you and comments on your post: the dot appears without reloading, both notices read in this language, opening them clears the dot', async () => {
    const t = TEXT[lang];
    const a = await visitor(lang);
    const me = await register(a.context, a.page, lang, 'a');
    const dot = a.page.getByTestId('notice-dot');
    expect(await dot.count()).toBe(0);
    // Marks this very document: a reload or navigation would lose it.
    await a.page.evaluate(() => ((window as unknown as { bwMark: number }).bwMark = 42));

    const b = await visitor(lang);
    const fan = await register(b.context, b.page, lang, 'b');
    await b.page.goto(`/vlog/personal?uid=${me.id}`);
    await b.page.getByTestId('follow-button').click();
    await expect.poll(() => b.page.getByTestId('follow-button').getAttribute('aria-pressed')).toBe('true');

    // The stream brings the dot well before the 60-second poll would.
    await dot.waitFor({ timeout: 15_000 });
    expect(await a.page.evaluate(() => (window as unknown as { bwMark?: number }).bwMark)).toBe(42);
    expect(new URL(a.page.url()).pathname).toBe('/');

    // A publishes a post (through the API, beside the open page) and B comments on it.
    const post = await publishPost(a.context, lang, t.postTitle);
    const comment = await apiPost<PostComment>(b.context, lang, '/api/vlog/comment', { id: post.id, content: t.comment });
    expect(comment.content).toBe(t.comment);
    // Both notices are in before the page is opened (the dot is already on, so ask the count).
    await expect.poll(() => apiGet<number>(a.context, lang, '/api/user/noticecont'), { timeout: 15_000 }).toBe(2);
    expect(await a.page.evaluate(() => (window as unknown as { bwMark?: number }).bwMark)).toBe(42);
    expect(await dot.count()).toBe(1);

    await Promise.all([a.page.waitForURL('**/user/notice'), a.page.getByTestId('notice-bell').first().click()]);
    const items = a.page.getByTestId('notice-item');
    await items.first().waitFor();
    expect(await items.count()).toBe(2);
    // Newest first: the comment, then the follow.
    expect(await items.evaluateAll((lis) => lis.map((li) => li.getAttribute('data-kind')))).toEqual(['post_commented', 'followed']);

    const commented = items.nth(0);
    expect(await commented.locator('h2').innerText()).toBe(t.commentTitle);
    expect(await commented.locator('p').first().innerText()).toBe(t.commented(fan.username, t.postTitle, t.comment));
    expect(await commented.getByRole('link', { name: t.post }).getAttribute('href')).toBe(`/blog/detail?id=${post.id}`);

    const followed = items.nth(1);
    expect(await followed.locator('h2').innerText()).toBe(t.title);
    expect(await followed.locator('p').first().innerText()).toBe(t.followed(fan.username));
    expect(await followed.getByRole('link', { name: t.profile }).getAttribute('href')).toBe(`/vlog/personal?uid=${fan.id}`);
    expect(await a.page.getByTestId('notice-tab-system').innerText()).toContain(t.system);
    await expect.poll(() => dot.count(), { timeout: 10_000 }).toBe(0);

    // Read now: after a reload neither is new, and the dot stays off.
    await a.page.reload();
    await items.first().waitFor();
    expect(await items.evaluateAll((lis) => lis.map((li) => li.getAttribute('data-new')))).toEqual([null, null]);
    expect(await dot.count()).toBe(0);
    expect(await apiGet<number>(a.context, lang, '/api/user/noticecont')).toBe(0);
  });
});

describe('newsletter', () => {
  it('with script: subscribe in the footer, confirm from the mail, in Chinese', async () => {
    const { context, page } = await visitor('zh-CN');
    const email = `nl${Date.now().toString(36)}@example.com`;
    await page.goto('/about');
    await hydrated(page);
    await page.getByTestId('newsletter-email').fill('不是邮箱');
    await page.getByTestId('newsletter-submit').click();
    await page.getByText('邮箱格式不正确。', { exact: true }).waitFor();
    await page.getByTestId('newsletter-email').fill(email);
    await page.getByTestId('newsletter-submit').click();
    await page.getByTestId('newsletter-done').filter({ hasText: '请打开我们发送到您邮箱的链接' }).waitFor();

    const mail = await mailText(context, email, /newsletter\/confirm\?token=/);
    expect(mail).toContain('请确认您希望通过');
    const link = new URL(/(https?:\/\/\S+\/newsletter\/confirm\?token=\S+)/.exec(mail)![1]!);
    await page.goto(`${link.pathname}${link.search}`);
    expect(await page.getByTestId('newsletter-confirm').innerText()).toBe(`订阅已确认，感谢您的关注！Brokerwise 资讯将发送至 ${email}。`);

    // Never a silent pass: the demo admin is required (npm test sets these; npm start prints the credentials).

    if (!ADMIN_EMAIL || !ADMIN_PASSWORD) throw new Error('E2E_ADMIN_EMAIL and E2E_ADMIN_PASSWORD are required');
    // The admin sends an issue; the subscriber's copy is in Chinese with a one-click unsubscribe.
    const admin = await visitor('en');
    await signIn(admin.page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await admin.page.goto('/admin/notices');
    const subject = `Weekly ${Date.now().toString(36)}`;
    await admin.page.getByLabel('Subject (English)').fill(subject);
    await admin.page.getByLabel('Subject (Chinese)').fill(`周报 ${subject}`);
    await admin.page.getByLabel('Content (English)').nth(1).fill('Spreads tightened this week.');
    await admin.page.getByLabel('Content (Chinese)').nth(1).fill('本周点差收窄。');
    await admin.page.getByRole('button', { name: 'Send to subscribers' }).click();
    await admin.page.getByTestId('toast-success').filter({ hasText: /on its way to \d+ subscribers/ }).waitFor();

    const issue = await mailText(context, email, /本周点差收窄。/);
    const unsubscribe = new URL(/退订：(https?:\/\/\S+)/.exec(issue)![1]!);
    // What a mail client sends for List-Unsubscribe-Post (RFC 8058): one POST, no page visit.
    const oneClick = await context.request.post(`${unsubscribe.pathname}${unsubscribe.search}`, { form: { 'List-Unsubscribe': 'One-Click' } });
    expect(oneClick.status()).toBe(200);
    expect(await oneClick.text()).toContain(`${email} 已退订，将不再收到资讯邮件。`);
  });

  it('without script: the footer form posts and lands on the result page, in English', async () => {
    const { page } = await visitor('en', { javaScriptEnabled: false });
    await page.goto('/about');
    await page.getByTestId('newsletter-email').fill(`nojs${Date.now().toString(36)}@example.com`);
    await Promise.all([page.waitForURL('**/newsletter?status=pending'), page.getByTestId('newsletter-submit').click()]);
    expect(await page.getByTestId('newsletter-result').innerText()).toBe('Almost done: please open the link we have sent to your mailbox to confirm your subscription.');
    // A bad address: the server says so in the spec's words, and the page offers the box again.
    await page.getByTestId('newsletter-email').fill('nope');
    await Promise.all([page.waitForURL('**/newsletter?status=format'), page.getByTestId('newsletter-submit').click()]);
    expect(await page.getByTestId('newsletter-result').innerText()).toBe('The mailbox format is incorrect.');
    expect(await page.locator('section form input[name=email]').count()).toBeGreaterThan(0);
  });
});
