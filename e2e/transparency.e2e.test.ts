/**
 * The transparency report in a real browser (issue 17): a user reports a published review, the
 * demo admin (`E2E_ADMIN_EMAIL`, `E2E_ADMIN_PASSWORD`) removes it for spam, and /transparency
 * counts it in this month's row and under its reason, in English and in Chinese; the CSV link
 * downloads the same figures. Other tests may moderate at the same time, so counts are compared
 * with a reading taken before the removal (they can only grow within a month).
 */
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { CompanyCard, Page as ListPage, PublicReview, TransparencyReport } from '@brokerwise/api-contract';
import { browserSession, hydrated } from './browser.ts';
import { apiGet, apiPost, register, signIn } from './users.ts';

const session = browserSession();
const ADMIN_EMAIL = process.env.E2E_ADMIN_EMAIL;
const ADMIN_PASSWORD = process.env.E2E_ADMIN_PASSWORD;

const thisMonth = () => new Date().toISOString().slice(0, 7);
const row = (page: Page) => page.locator(`[data-testid="transparency-month"][data-month="${thisMonth()}"]`);
const removedOnPage = async (page: Page) => Number((await row(page).locator('[data-col="removed"]').innerText()).replace(/\D/g, ''));

describe('transparency report', () => {
  it('counts a removal after a report this month, in English and Chinese, and downloads it as CSV', async () => {
    // Never a silent pass: the demo admin is required.
    if (!ADMIN_EMAIL || !ADMIN_PASSWORD) throw new Error('E2E_ADMIN_EMAIL and E2E_ADMIN_PASSWORD are required');

    const author = await session.visitor('en');
    const companies = await apiGet<ListPage<CompanyCard>>(author.context, 'en', '/api/brokers/brokersList?page=1&limit=20');
    const companyId = companies.list[Math.floor(Math.random() * companies.list.length)]!.id;
    const account = await register(author.context, author.page, 'en', 'ta');
    const review = await apiPost<PublicReview>(author.context, 'en', '/api/reviews/submit', { id: companyId, score: 1, content: `Join my signal group for guaranteed profit, message me now. ${account.username}`, check: true });
    const admin = await session.visitor('en');
    await signIn(admin.page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await apiPost(admin.context, 'en', '/api/admin/reviews/decide', { reviewId: review.id, decision: 'approve' });

    const reporter = await session.visitor('en');
    await register(reporter.context, reporter.page, 'en', 'tr');
    await apiPost(reporter.context, 'en', '/api/report', { targetKind: 'review', targetId: review.id, reason: 'spam' });

    // Before the removal (a range of its own, so it does not share the page's cached answer).
    const month = `from=${thisMonth()}&to=${thisMonth()}`;
    const before = (await apiGet<TransparencyReport>(admin.context, 'en', `/api/transparency?${month}`)).months[0]!;
    await apiPost(admin.context, 'en', '/api/admin/moderation/decide', { targetKind: 'review', targetId: review.id, action: 'remove', reason: 'Advertises a paid signal group.', rule: 'spam' });

    // The page (answers are cached up to API_CACHE_TTL_SECONDS): this month's row counts it.
    const visitor = await session.visitor('en');
    await expect
      .poll(async () => (await visitor.page.goto('/transparency'), await removedOnPage(visitor.page)), { timeout: 60_000, interval: 1_000 })
      .toBeGreaterThanOrEqual(before.removed.total + 1);
    await expect(visitor.page.getByRole('heading', { level: 1 }).innerText()).resolves.toBe('Transparency report');
    await expect(visitor.page.getByTestId('transparency-intro').innerText()).resolves.toContain('Nothing is deleted automatically.');
    await expect(row(visitor.page).locator('[data-col="verified"]').innerText()).resolves.toBe('not yet available');
    await expect(visitor.page.locator('[data-testid="transparency-reasons"] [data-rule="spam"] th').innerText()).resolves.toBe('Spam or advertising');
    expect(await visitor.page.getByTestId('transparency-chart-reviews').locator('svg').count()).toBe(1);
    // Linked from the footer.
    expect(await visitor.page.locator('footer a[href="/transparency"]').innerText()).toBe('Transparency report');

    // The CSV link downloads one row per month; this month's counts the removal under spam.
    await hydrated(visitor.page);
    const [download] = await Promise.all([visitor.page.waitForEvent('download'), visitor.page.getByTestId('transparency-csv').click()]);
    expect(download.suggestedFilename()).toMatch(/^brokerwise-transparency-\d{4}-\d{2}-\d{4}-\d{2}\.csv$/);
    const [header, ...rows] = (await readFile((await download.path())!, 'utf8')).trimEnd().split('\r\n');
    const names = header!.split(',');
    const current = rows.map((r) => Object.fromEntries(r.split(',').map((v, i) => [names[i], v]))).find((r) => r.month === thisMonth())!;
    expect(rows).toHaveLength(12);
    expect(Number(current.removed_spam)).toBeGreaterThanOrEqual((before.removed.byRule.spam ?? 0) + 1);
    expect(Number(current.reports_handled)).toBeGreaterThanOrEqual(before.reports.handled + 1);

    // In Chinese: the same figures, words in Chinese.
    const zh = await session.visitor('zh-CN');
    await zh.page.goto('/transparency');
    await expect(zh.page.getByRole('heading', { level: 1 }).innerText()).resolves.toBe('透明度报告');
    expect(await removedOnPage(zh.page)).toBeGreaterThanOrEqual(before.removed.total + 1);
    await expect(row(zh.page).locator('[data-col="verified"]').innerText()).resolves.toBe('暂未提供');
    await expect(zh.page.locator('[data-testid="transparency-reasons"] [data-rule="spam"] th').innerText()).resolves.toBe('垃圾信息或广告');
  });

  it('shows staff the queue at a glance, first in the admin navigation', async () => {
    if (!ADMIN_EMAIL || !ADMIN_PASSWORD) throw new Error('E2E_ADMIN_EMAIL and E2E_ADMIN_PASSWORD are required');
    const admin = await session.visitor('en');
    await signIn(admin.page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await admin.page.goto('/admin');
    await expect(admin.page.getByRole('heading', { level: 1 }).innerText()).resolves.toBe('Dashboard');
    await expect(admin.page.getByTestId('admin-nav').locator('a').first().innerText()).resolves.toBe('Dashboard');
    await expect(admin.page.getByTestId('dashboard-queue').innerText()).resolves.toMatch(/Items in the moderation queue\s*\d+/);
    await expect(admin.page.getByTestId('dashboard-appeals').innerText()).resolves.toMatch(/Open appeals\s*\d+/);
    // Anyone else: not found.
    const visitor = await session.visitor('en');
    expect((await visitor.page.goto('/admin/dashboard'))!.status()).toBe(404);
  });
});
