/**
 * The whole chain of issue 17 in a real browser, once in English and once in Chinese: a user
 * reports a published review from the company page; moderator A (the demo admin, `E2E_ADMIN_EMAIL`,
 * `E2E_ADMIN_PASSWORD`) removes it from /admin/moderation and sanctions its author; the author reads
 * the notice (reason, rule, a link to appeal), sees the sanction and the removal on /user/sanctions
 * and appeals both; moderator A is told another
 * moderator decides; moderator B (a new account made moderator) lifts the sanction and restores the
 * review from /admin/appeals; the review is on the company page again, the sanction is lifted, the
 * audit log names moderator B and /transparency counts the restore.
 * English: a 3-day posting restriction (the author posts again afterwards). Chinese: a freeze, so
 * the author signs in again to a session that reaches only the sanctions page (ADR 026).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { PublicReview, TransparencyReport } from '@brokerwise/api-contract';
import { browserSession, hydrated, type Lang } from './browser.ts';
import { removeFromQueue, reportFrom, toast } from './moderation-steps.ts';
import { apiGet, apiPost, register, signIn } from './users.ts';

const session = browserSession();
const ADMIN_EMAIL = process.env.E2E_ADMIN_EMAIL;
const ADMIN_PASSWORD = process.env.E2E_ADMIN_PASSWORD;

/** What each step shows, in the page's language (web/app/lang, gateway/src/i18n/messages.ts). */
const TEXT = {
  en: {
    reason: 'Fake or paid review',
    reported: 'Your report has been sent to the moderators.',
    reportedFor: 'Reported for: Fake or paid review',
    removed: 'The content has been removed.',
    sanctionKind: 'Posting restricted',
    removedStatus: 'Removed',
    appealSent: 'Your appeal has been sent. Another moderator will review it.',
    pending: 'Waiting for a second moderator to decide.',
    own: 'You removed this content: another moderator decides its appeal.',
    lifted: 'The appeal was accepted and the sanction lifted. The user has been notified.',
    restored: 'The appeal was accepted and the content is published again.',
    liftedStatus: 'Lifted',
    restoredStatus: 'Published again',
    restoredAppeal: 'Appeal accepted, published again: The trades match the release times.',
    noticeRule: 'Rule: fake or paid review',
    appealLink: 'Appeal the removal',
  },
  'zh-CN': {
    reason: '虚假或付费点评',
    reported: '感谢举报，已提交给审核人员。',
    reportedFor: '举报原因：虚假或付费点评',
    removed: '内容已删除，作者将看到您填写的理由和所违反的规则。',
    sanctionKind: '账户冻结',
    removedStatus: '已删除',
    appealSent: '申诉已提交，将由另一位审核员复核。',
    pending: '等待另一位审核员处理。',
    own: '该内容由您删除，申诉须由另一位审核员处理。',
    lifted: '申诉成立，处罚已解除，已通知该用户。',
    restored: '申诉成立，内容已重新发布。',
    liftedStatus: '已解除',
    restoredStatus: '已重新发布',
    restoredAppeal: '申诉成立，已重新发布：The trades match the release times.',
    noticeRule: '违反规则：虚假或付费点评',
    appealLink: '对删除提出申诉',
  },
} as const;

/** Five accounts, two moderators and a dozen page loads: longer than the usual browser test. */
const CHAIN_TIMEOUT_MS = 240_000;

const FROZEN = {
  signedIn: '您的账号已被冻结，您可以查看处罚并提出申诉。',
  notice: '您的账号已被冻结。在解除冻结之前，您只能在此查看处罚并提出申诉。',
};

/** A broker among the most reviewed on /search (one of the first eight at random, so parallel runs rarely share one). */
async function pickCompany(page: Page, not?: string): Promise<string> {
  await page.goto('/search?order=reviews&categories=Brokers');
  const cards = page.getByTestId('company-card');
  await cards.first().waitFor();
  const n = Math.min(8, await cards.count());
  for (;;) {
    const href = (await cards.nth(Math.floor(Math.random() * n)).locator('a').first().getAttribute('href'))!;
    const id = new URLSearchParams(href.split('?')[1]).get('id')!;
    if (id !== not) return id;
  }
}

async function chain(lang: Lang, sanction: 'restrict' | 'freeze') {
  // Never a silent pass: the demo admin is required.
  if (!ADMIN_EMAIL || !ADMIN_PASSWORD) throw new Error('E2E_ADMIN_EMAIL and E2E_ADMIN_PASSWORD are required');
  const t = TEXT[lang];

  // The author's review, published by moderator A (the demo admin).
  const author = await session.visitor(lang);
  const companyId = await pickCompany(author.page);
  const authorAccount = await register(author.context, author.page, lang, 'aa');
  const text = `Five stars, the best broker on earth, everybody must open an account now. ${authorAccount.username}`;
  const review = await apiPost<PublicReview>(author.context, lang, '/api/reviews/submit', { id: companyId, score: 5, content: text, check: true });
  const modA = await session.visitor(lang);
  await signIn(modA.page, ADMIN_EMAIL, ADMIN_PASSWORD, lang);
  await apiPost(modA.context, lang, '/api/admin/reviews/decide', { reviewId: review.id, decision: 'approve' });

  // Moderator B: a new account the admin makes a moderator.
  const modB = await session.visitor(lang);
  const modBAccount = await register(modB.context, modB.page, lang, 'ab');
  await apiPost(modA.context, lang, '/api/admin/users/role', { userId: modBAccount.id, role: 'moderator' });

  // A reader reports the review from the company page.
  const reporter = await session.visitor(lang);
  await register(reporter.context, reporter.page, lang, 'ar');
  await reporter.page.goto(`/detail?id=${companyId}`);
  const item = reporter.page.locator(`[data-testid="review-item"][data-review-id="${review.id}"]`);
  await expect.poll(async () => (await reporter.page.reload(), await item.count()), { timeout: 15_000, interval: 500 }).toBe(1);
  await reportFrom(reporter.page, item, 'review', t.reason, t.reported);

  // Moderator A removes it from the queue, then sanctions the author.
  await removeFromQueue(modA.page, review.id, { reportedFor: t.reportedFor, reason: 'Written to advertise, not from experience.', rule: 'fake_review', done: t.removed });
  const visitor = await session.visitor(lang);
  await visitor.page.goto(`/detail?id=${companyId}`);
  const reviews = () => visitor.page.getByTestId('detail-reviews').innerText();
  await expect.poll(async () => (await visitor.page.reload(), await reviews()), { timeout: 15_000, interval: 500 }).not.toContain(text);

  // The author is told why, under which rule, and where to appeal.
  await author.page.goto('/user/notice');
  const notice = author.page.getByTestId('notice-item').filter({ hasText: 'Written to advertise, not from experience.' });
  await expect.poll(async () => (await author.page.reload(), await notice.count()), { timeout: 15_000, interval: 500 }).toBe(1);
  expect(await notice.innerText()).toContain(t.noticeRule);
  expect(await notice.getByRole('link', { name: t.appealLink }).getAttribute('href')).toBe('/user/sanctions');

  await apiPost(modA.context, lang, '/api/admin/users/sanction', {
    userId: authorAccount.id,
    kind: sanction,
    ...(sanction === 'restrict' ? { days: 3 } : {}),
    reason: 'Advertising in reviews.',
    rule: 'fake_review',
  });

  const other = await pickCompany(reporter.page, companyId);
  const postAnother = () =>
    apiPost<PublicReview>(author.context, lang, '/api/reviews/submit', { id: other, score: 4, content: `Withdrawals took two days, support answered in English. ${authorAccount.username}`, check: true }).then(
      () => 'posted',
      (err: Error) => err.message,
    );
  if (sanction === 'restrict') expect(await postAnother()).toContain('user.posting_restricted');

  if (sanction === 'freeze') {
    // The freeze ended the author's session: signing in again leads to the sanctions page only.
    await author.context.clearCookies();
    await author.context.addCookies([{ name: 'lang', value: lang, url: new URL(author.page.url()).origin }]);
    await author.page.goto('/login');
    await author.page.getByLabel('邮箱或用户名', { exact: true }).fill(authorAccount.username);
    await author.page.getByLabel('密码', { exact: true }).fill(authorAccount.password);
    await author.page.getByRole('checkbox', { name: /我已阅读并同意/ }).check();
    await author.page.getByRole('button', { name: '登录', exact: true }).click();
    await toast(author.page, 'success', FROZEN.signedIn);
    await author.page.waitForURL((url) => url.pathname === '/user/sanctions', { timeout: 15_000 });
    expect(await author.page.getByTestId('sanctions-frozen').innerText()).toBe(FROZEN.notice);
    // Any other account page leads back here.
    await author.page.goto('/user/reports');
    await author.page.waitForURL((url) => url.pathname === '/user/sanctions');
  } else {
    await author.page.goto('/user/sanctions');
  }

  // The author sees both and appeals both.
  await hydrated(author.page);
  const sanctionItem = author.page.getByTestId('sanction-item').first();
  expect(await sanctionItem.innerText()).toContain(t.sanctionKind);
  await sanctionItem.getByTestId('appeal-text').fill('I wrote it myself after a year with this broker.');
  await sanctionItem.getByTestId('appeal-submit').click();
  await toast(author.page, 'success', t.appealSent);
  await sanctionItem.getByTestId('appeal-summary').filter({ hasText: t.pending }).waitFor();
  const removal = author.page.getByTestId('removal-item').first();
  expect(await removal.getByTestId('removal-status').innerText()).toBe(t.removedStatus);
  expect(await removal.getByTestId('removal-excerpt').innerText()).toBe(text);
  await removal.getByTestId('removal-appeal-text').fill('Every word is my own experience with their withdrawals.');
  await removal.getByTestId('removal-appeal-submit').click();
  await removal.getByTestId('removal-appeal-summary').filter({ hasText: t.pending }).waitFor();
  expect(await removal.getByTestId('removal-appeal-form').count()).toBe(0);

  // Moderator A cannot decide the removal's appeal.
  await modA.page.goto('/admin/appeals');
  const ownAppeal = modA.page.getByTestId('admin-removal-appeal').filter({ hasText: authorAccount.username });
  await ownAppeal.waitFor();
  expect(await ownAppeal.getByTestId('admin-removal-appeal-own').innerText()).toBe(t.own);

  // Restores counted this month before moderator B decides (a range of its own: the page's answer is cached).
  const month = new Date().toISOString().slice(0, 7);
  const restoredBefore = (await apiGet<TransparencyReport>(visitor.context, lang, `/api/transparency?from=${month}&to=${month}`)).months[0]!.contentAppeals.restored;

  // Moderator B lifts the sanction and restores the review.
  await modB.page.goto('/admin/appeals');
  await hydrated(modB.page);
  const sanctionAppeal = modB.page.getByTestId('admin-appeal').filter({ hasText: authorAccount.username });
  await sanctionAppeal.getByTestId('admin-appeal-reason').fill('A real client.');
  await sanctionAppeal.getByTestId('admin-appeal-lift').click();
  await toast(modB.page, 'success', t.lifted);
  const removalAppeal = modB.page.getByTestId('admin-removal-appeal').filter({ hasText: authorAccount.username });
  await removalAppeal.getByTestId('admin-removal-appeal-reason').fill('The trades match the release times.');
  await removalAppeal.getByTestId('admin-removal-appeal-restore').click();
  await toast(modB.page, 'success', t.restored);

  // The review is on the company page again, for everyone; the author sees both outcomes.
  await expect.poll(async () => (await visitor.page.reload(), await reviews()), { timeout: 15_000, interval: 500 }).toContain(text);
  await author.page.reload();
  await hydrated(author.page);
  expect(await author.page.getByTestId('sanction-item').first().innerText()).toContain(t.liftedStatus);
  expect(await author.page.getByTestId('removal-item').first().getByTestId('removal-status').innerText()).toBe(t.restoredStatus);
  expect(await author.page.getByTestId('removal-appeal-summary').first().innerText()).toContain(t.restoredAppeal);

  // The restore is in the log, by moderator B.
  await modA.page.goto('/admin/audit?action=restore&targetKind=review');
  const row = modA.page.locator(`[data-testid="audit-row"][data-target-id="${review.id}"]`);
  await row.waitFor();
  expect(await row.innerText()).toContain(modBAccount.username);
  // …after the removal, by moderator A.
  await modA.page.goto('/admin/audit?action=remove&targetKind=review');
  await modA.page.locator(`[data-testid="audit-row"][data-target-id="${review.id}"]`).waitFor();
  // The account's steps in the merged view: the sanction, and its appeal decided.
  await modA.page.goto('/admin/audit?area=identity');
  const steps = modA.page.locator(`[data-testid="audit-row"][data-area="identity"][data-target-id="${authorAccount.id}"]`);
  await steps.first().waitFor();
  const actions = await steps.evaluateAll((rows) => rows.map((r) => r.getAttribute('data-action') ?? ''));
  expect(actions).toContain(`sanction.${sanction}`);
  expect(actions.some((a) => a.startsWith('appeal.'))).toBe(true);

  // /transparency counts the restore.
  const restoredOnPage = async () =>
    Number((await visitor.page.locator(`[data-testid="transparency-month"][data-month="${month}"] [data-col="contentAppealsRestored"]`).innerText()).replace(/\D/g, ''));
  await expect.poll(async () => (await visitor.page.goto('/transparency'), await restoredOnPage()), { timeout: 60_000, interval: 1_000 }).toBeGreaterThanOrEqual(restoredBefore + 1);

  if (sanction === 'restrict') {
    // The restriction no longer stops the author posting (a brand-new account must still space
    // its reviews out: that rule comes after the restriction, so only the restriction is asserted).
    expect(await postAnother()).not.toContain('user.posting_restricted');
  }
}

describe('appeals (en)', () => {
  it('report → removal and a posting restriction → the author appeals both → a second moderator restores the review and lifts the restriction', async () => {
    await chain('en', 'restrict');
  }, CHAIN_TIMEOUT_MS);
});

describe('appeals (zh-CN)', () => {
  it('举报 → 删除并冻结账号 → 作者重新登录后只能查看处罚并申诉 → 另一位审核员恢复评价并解除冻结', async () => {
    await chain('zh-CN', 'freeze');
  }, CHAIN_TIMEOUT_MS);
});
