/**
 * Appeals against a removed post or comment (issue 17, ADR 026), in Chinese (the English chain of
 * a review is in appeals.e2e.test.ts; the English texts are covered by the service tests). A reader
 * reports a comment and the post from the post's page; moderator A (the demo admin, `E2E_ADMIN_EMAIL`,
 * `E2E_ADMIN_PASSWORD`) removes it from /admin/moderation: the post is gone for everyone (410) but
 * kept; its author is told, appeals from /user/sanctions; moderator B restores it from
 * /admin/appeals and the post is back as it was. A comment removed by A and kept removed by B:
 * its author reads the outcome among their notices.
 */
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { PostComment, PostDetail, UploadedImage, UserRemoval } from '@brokerwise/api-contract';
import { browserSession, hydrated } from './browser.ts';
import { removeFromQueue, reportFrom, toast } from './moderation-steps.ts';
import { apiGet, apiPost, register, signIn } from './users.ts';

const session = browserSession();
const ADMIN_EMAIL = process.env.E2E_ADMIN_EMAIL;
const ADMIN_PASSWORD = process.env.E2E_ADMIN_PASSWORD;
const lang = 'zh-CN';

/** What each step shows (web/app/lang/zh-CN.json, gateway/src/i18n/messages.ts, notifications' render.ts). */
const TEXT = {
  reason: '垃圾信息或广告',
  reported: '感谢举报，已提交给审核人员。',
  reportedFor: '举报原因：垃圾信息或广告',
  removed: '内容已删除，作者将看到您填写的理由和所违反的规则。',
  kind: '作品',
  removedStatus: '已删除',
  pending: '等待另一位审核员处理。',
  own: '该内容由您删除，申诉须由另一位审核员处理。',
  restored: '申诉成立，内容已重新发布。',
  upheld: '内容维持删除。',
  restoredStatus: '已重新发布',
  appealLink: '对删除提出申诉',
  removalNotice: (excerpt: string) => `您的作品“${excerpt}”已被删除。原因：像是付费信号群的广告。 违反规则：垃圾信息或广告。`,
  restoredNotice: (excerpt: string) => `您的申诉已成立：您的作品“${excerpt}”已重新显示。原因：这是市场分析，不是广告。`,
  upheldNotice: '另一位审核员已复核您的申诉：您的评论“加我微信进付费群，稳赚不赔”仍维持删除。原因：仍然是广告。 违反规则：垃圾信息或广告。',
} as const;

/** Five accounts, two moderators and a dozen page loads. */
const CHAIN_TIMEOUT_MS = 240_000;

/** The notice whose text is exactly `text`, waited for (notices arrive from events). */
async function noticeWith(page: Page, text: string) {
  await page.goto('/user/notice');
  const notice = page.getByTestId('notice-item').filter({ hasText: text });
  await expect.poll(async () => (await page.reload(), await notice.count()), { timeout: 15_000, interval: 500 }).toBe(1);
  return notice;
}

describe('appeals against a removed post (zh-CN)', () => {
  it('举报作品 → 审核员 A 删除（隐藏）→ 作者申诉 → 审核员 B 恢复，作品重新可见；评论被维持删除，作者收到通知', async () => {
    // Never a silent pass: the demo admin is required.
    if (!ADMIN_EMAIL || !ADMIN_PASSWORD) throw new Error('E2E_ADMIN_EMAIL and E2E_ADMIN_PASSWORD are required');

    // The author's image-text post, with a like and a comment from a reader.
    const author = await session.visitor(lang);
    const authorAccount = await register(author.context, author.page, lang, 'pa');
    const png = await sharp({ create: { width: 640, height: 360, channels: 3, background: '#663399' } }).png().toBuffer();
    const image = await apiPost<UploadedImage>(author.context, lang, '/api/upload/image', png, 'image/png');
    const title = `日元套息交易展望 ${Date.now().toString(36)}`;
    const post = await apiPost<PostDetail>(author.context, lang, '/api/vlog/publish', { kind: 'image_text', title, description: '利差与资金流向。', cover: image.id, category: 'analysis', content: `<p>${title}</p>` });
    const excerpt = `${title} — 利差与资金流向。`;
    const reader = await session.visitor(lang);
    const readerAccount = await register(reader.context, reader.page, lang, 'pr');
    await apiPost(reader.context, lang, '/api/vlog/like', { id: post.id });
    const comment = await apiPost<PostComment>(reader.context, lang, '/api/vlog/comment', { id: post.id, content: '加我微信进付费群，稳赚不赔' });
    const before = await apiGet<PostDetail>(reader.context, lang, `/api/vlog/detail?id=${post.id}`);
    expect(before.counts).toMatchObject({ likes: 1, comments: 1 });

    const modA = await session.visitor(lang);
    await signIn(modA.page, ADMIN_EMAIL, ADMIN_PASSWORD, lang);
    const modB = await session.visitor(lang);
    const modBAccount = await register(modB.context, modB.page, lang, 'pb');
    await apiPost(modA.context, lang, '/api/admin/users/role', { userId: modBAccount.id, role: 'moderator' });

    // Another reader reports the comment, then the post, from the post's page.
    const reporter = await session.visitor(lang);
    await register(reporter.context, reporter.page, lang, 'pp');
    await reporter.page.goto(`/blog/detail?id=${post.id}`);
    await reportFrom(reporter.page, reporter.page.locator(`[data-comment-id="${comment.id}"]`), 'comment', TEXT.reason, TEXT.reported);
    await reportFrom(reporter.page, reporter.page, 'post', TEXT.reason, TEXT.reported);

    // Moderator A removes the comment (its author appeals it), then the post: gone for everyone, its cover too.
    await removeFromQueue(modA.page, comment.id, { reportedFor: TEXT.reportedFor, reason: '付费群广告。', rule: 'spam', done: TEXT.removed });
    const commentRemoval = (await apiGet<UserRemoval[]>(reader.context, lang, '/api/user/removals')).find((r) => r.targetId === comment.id)!;
    expect(commentRemoval).toMatchObject({ targetKind: 'comment', excerpt: '加我微信进付费群，稳赚不赔', status: 'rejected' });
    await apiPost(reader.context, lang, '/api/user/removalAppeal', { removalId: commentRemoval.removalId, text: '只是开个玩笑，没有收钱。' });
    await removeFromQueue(modA.page, post.id, { reportedFor: TEXT.reportedFor, reason: '像是付费信号群的广告。', rule: 'spam', done: TEXT.removed });
    const visitor = await session.visitor(lang);
    expect((await visitor.page.goto(`/blog/detail?id=${post.id}`))!.status()).toBe(410);
    expect((await visitor.page.request.get(before.cover.url)).status()).toBe(404);

    // The author is told why, under which rule, and where to appeal; they appeal from /user/sanctions.
    const removedNotice = await noticeWith(author.page, TEXT.removalNotice(excerpt));
    await removedNotice.getByRole('link', { name: TEXT.appealLink }).click();
    await author.page.waitForURL((url) => url.pathname === '/user/sanctions');
    await hydrated(author.page);
    const removal = author.page.locator('[data-testid="removal-item"]').filter({ has: author.page.locator('[data-kind="post"]') });
    expect(await removal.getByTestId('removal-summary').innerText()).toContain(TEXT.kind);
    expect(await removal.getByTestId('removal-status').innerText()).toBe(TEXT.removedStatus);
    expect(await removal.getByTestId('removal-excerpt').innerText()).toBe(excerpt);
    await removal.getByTestId('removal-appeal-text').fill('这是市场分析，没有出售任何东西。');
    await removal.getByTestId('removal-appeal-submit').click();
    await removal.getByTestId('removal-appeal-summary').filter({ hasText: TEXT.pending }).waitFor();

    // Moderator A cannot decide the post's appeal.
    await modA.page.goto('/admin/appeals');
    const own = modA.page.getByTestId('admin-removal-appeal').filter({ hasText: authorAccount.username });
    await own.waitFor();
    expect(await own.getByTestId('admin-removal-appeal-own').innerText()).toBe(TEXT.own);

    // Moderator B restores the post and keeps the comment removed.
    await modB.page.goto('/admin/appeals');
    await hydrated(modB.page);
    const postAppeal = modB.page.getByTestId('admin-removal-appeal').filter({ hasText: authorAccount.username });
    expect(await postAppeal.getByTestId('removal-excerpt').innerText()).toBe(excerpt);
    await postAppeal.getByTestId('admin-removal-appeal-reason').fill('这是市场分析，不是广告。');
    await postAppeal.getByTestId('admin-removal-appeal-restore').click();
    await toast(modB.page, 'success', TEXT.restored);
    const commentAppeal = modB.page.getByTestId('admin-removal-appeal').filter({ hasText: readerAccount.username });
    await commentAppeal.getByTestId('admin-removal-appeal-reason').fill('仍然是广告。');
    await commentAppeal.getByTestId('admin-removal-appeal-uphold').click();
    await toast(modB.page, 'success', TEXT.upheld);

    // The post is back for everyone, as it was (its like kept; the comment stays removed).
    await expect.poll(async () => (await visitor.page.goto(`/blog/detail?id=${post.id}`))!.status(), { timeout: 15_000, interval: 500 }).toBe(200);
    await visitor.page.getByRole('heading', { level: 1, name: title }).waitFor();
    await expect.poll(async () => (await visitor.page.request.get(before.cover.url)).status(), { timeout: 15_000, interval: 500 }).toBe(200);
    const after = await apiGet<PostDetail>(reader.context, lang, `/api/vlog/detail?id=${post.id}`);
    expect(after.counts).toMatchObject({ likes: 1, comments: 0 });
    expect(await visitor.page.getByTestId('post-content').innerText()).toContain(title);

    // The author sees the outcome on /user/sanctions and among their notices.
    await author.page.goto('/user/sanctions');
    await hydrated(author.page);
    expect(await removal.getByTestId('removal-status').innerText()).toBe(TEXT.restoredStatus);
    await noticeWith(author.page, TEXT.restoredNotice(excerpt));

    // The comment's author is told it stays removed, with the reason and the rule.
    const upheld = await noticeWith(reader.page, TEXT.upheldNotice);
    expect(await upheld.getByRole('link').last().getAttribute('href')).toBe('/user/sanctions');

    // The restore is in the log, by moderator B.
    await modA.page.goto('/admin/audit?action=restore&targetKind=post');
    const row = modA.page.locator(`[data-testid="audit-row"][data-target-id="${post.id}"]`);
    await row.waitFor();
    expect(await row.innerText()).toContain(modBAccount.username);
  }, CHAIN_TIMEOUT_MS);
});
