/**
 * Trust and safety in a real browser (issue 17): a user reports a published review from the
 * company page (signed out, Report leads to sign-in); the demo admin (`E2E_ADMIN_EMAIL`,
 * `E2E_ADMIN_PASSWORD`; `npm test` sets them) finds it in /admin/moderation and removes it; the
 * review is gone from the company page, its author reads the notice with the reason and the rule,
 * the reporter sees the report actioned, and /admin/audit shows the step. Every user is new.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { PublicReview } from '@brokerwise/api-contract';
import { browserSession, hydrated } from './browser.ts';
import { apiPost, register, signIn } from './users.ts';

const session = browserSession();
const ADMIN_EMAIL = process.env.E2E_ADMIN_EMAIL;
const ADMIN_PASSWORD = process.env.E2E_ADMIN_PASSWORD;

/** A broker among the most reviewed on /search (one of the first eight at random, so parallel runs rarely share one). */
async function pickCompany(page: Page): Promise<string> {
  await page.goto('/search?order=reviews&categories=Brokers');
  const cards = page.getByTestId('company-card');
  await cards.first().waitFor();
  const href = (await cards.nth(Math.floor(Math.random() * Math.min(8, await cards.count()))).locator('a').first().getAttribute('href'))!;
  return new URLSearchParams(href.split('?')[1]).get('id')!;
}

describe('moderation (en)', () => {
  it('a reported review is removed from the queue: gone from the company page, the author told, the log shows it', async () => {
    // Never a silent pass: the demo admin is required.
    if (!ADMIN_EMAIL || !ADMIN_PASSWORD) throw new Error('E2E_ADMIN_EMAIL and E2E_ADMIN_PASSWORD are required');

    // The author writes a review; the admin publishes it.
    const author = await session.visitor('en');
    const companyId = await pickCompany(author.page);
    const authorAccount = await register(author.context, author.page, 'en', 'ma');
    const text = `Their support staff are crooks and liars, avoid them. Test ${authorAccount.username}.`;
    const review = await apiPost<PublicReview>(author.context, 'en', '/api/reviews/submit', { id: companyId, score: 1, content: text, check: true });
    const admin = await session.visitor('en');
    await signIn(admin.page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await apiPost(admin.context, 'en', '/api/admin/reviews/decide', { reviewId: review.id, decision: 'approve' });

    // Signed out, Report leads to sign-in and back.
    const reporter = await session.visitor('en');
    await reporter.page.goto(`/detail?id=${companyId}`);
    const item = reporter.page.locator(`[data-testid="review-item"][data-review-id="${review.id}"]`);
    await expect.poll(async () => (await reporter.page.reload(), await item.count()), { timeout: 15_000, interval: 500 }).toBe(1);
    const loginLink = item.getByTestId('report-review-login');
    expect(await loginLink.getAttribute('href')).toBe(`/login?redirect=${encodeURIComponent(`/detail?id=${companyId}`)}`);
    await loginLink.click();
    await reporter.page.waitForURL((url) => url.pathname === '/login');
    await register(reporter.context, reporter.page, 'en', 'mr', { goTo: `/detail?id=${companyId}` });
    await hydrated(reporter.page);

    // The dialog: a reason is required; "Abuse or harassment" is sent.
    await item.getByTestId('report-review').click();
    const dialog = reporter.page.getByTestId('report-dialog').filter({ visible: true });
    await dialog.waitFor();
    expect(await dialog.getByRole('heading').innerText()).toBe('Report this review');
    await dialog.getByTestId('report-submit').click();
    await dialog.getByText('Please choose a reason.').waitFor();
    await dialog.getByRole('radio', { name: 'Abuse or harassment' }).check();
    await dialog.getByTestId('report-submit').click();
    await reporter.page.getByTestId('toast-success').filter({ hasText: 'Your report has been sent to the moderators.' }).last().waitFor();
    // A second report of the same review is refused with a clear message.
    await item.getByTestId('report-review').click();
    await dialog.getByRole('radio', { name: 'Spam or advertising' }).check();
    await dialog.getByTestId('report-submit').click();
    await reporter.page.getByTestId('toast-error').filter({ hasText: 'You have already reported this.' }).last().waitFor();
    await reporter.page.keyboard.press('Escape');
    await reporter.page.goto('/user/reports');
    const mine = reporter.page.getByTestId('my-reports-item').first();
    await mine.waitFor();
    expect(await mine.getByTestId('my-report-status').innerText()).toBe('Being reviewed');

    // The admin finds it in the one queue (reports come before pending reviews) and removes it.
    await admin.page.goto('/admin/moderation');
    await hydrated(admin.page);
    const entry = admin.page.locator(`[data-testid="moderation-item"][data-target-id="${review.id}"]`);
    await entry.waitFor();
    expect(await entry.getByTestId('moderation-reasons').innerText()).toBe('Reported for: Abuse or harassment');
    expect(await entry.getByTestId('moderation-excerpt').innerText()).toBe(text);
    expect(await entry.getByTestId('moderation-author').innerText()).toContain(`By ${authorAccount.username}`);
    await entry.getByTestId('moderation-remove').click();
    await entry.getByTestId('moderation-reason').fill('Insults the company staff.');
    expect(await entry.getByTestId('moderation-rule').inputValue()).toBe('abuse');
    await entry.getByTestId('moderation-remove-confirm').click();
    await admin.page.getByTestId('toast-success').filter({ hasText: 'The content has been removed.' }).last().waitFor();
    await expect.poll(() => entry.count(), { timeout: 10_000 }).toBe(0);

    // Gone from the company page, for everyone.
    const visitor = await session.visitor('en');
    await visitor.page.goto(`/detail?id=${companyId}`);
    await expect.poll(async () => (await visitor.page.reload(), await visitor.page.getByTestId('detail-reviews').innerText()), { timeout: 15_000, interval: 500 }).not.toContain(text);

    // The author is told why, and under which rule.
    await author.page.goto('/user/notice');
    const notice = author.page.getByTestId('notice-item').filter({ hasText: 'Insults the company staff.' });
    await expect.poll(async () => (await author.page.reload(), await notice.count()), { timeout: 15_000, interval: 500 }).toBe(1);
    expect(await notice.innerText()).toContain('Rule: abuse or harassment.');

    // The reporter sees the outcome.
    await reporter.page.reload();
    expect(await reporter.page.getByTestId('my-reports-item').first().getByTestId('my-report-status').innerText()).toBe('Removed');

    // The log shows the step, filtered to removals.
    await admin.page.goto('/admin/audit?action=remove&targetKind=review');
    const row = admin.page.locator(`[data-testid="audit-row"][data-target-id="${review.id}"]`);
    await row.waitFor();
    expect(await row.innerText()).toContain('Insults the company staff.');
    expect(await row.innerText()).toContain('Removed');
    // The approval is in the log too.
    await admin.page.goto('/admin/audit?action=approve');
    await admin.page.locator(`[data-testid="audit-row"][data-target-id="${review.id}"]`).waitFor();
  });

  it('near-duplicate reviews with a link from fresh accounts wait in the queue with the reasons', async () => {
    if (!ADMIN_EMAIL || !ADMIN_PASSWORD) throw new Error('E2E_ADMIN_EMAIL and E2E_ADMIN_PASSWORD are required');
    const first = await session.visitor('en');
    const companyId = await pickCompany(first.page);
    const firstAccount = await register(first.context, first.page, 'en', 'sa');
    const campaign = `Best broker ever, instant payouts! Join via www.fx-rich.example.com code ${firstAccount.username}`;
    await apiPost<PublicReview>(first.context, 'en', '/api/reviews/submit', { id: companyId, score: 5, content: campaign, check: true });
    const second = await session.visitor('en');
    await register(second.context, second.page, 'en', 'sb');
    const copy = await apiPost<PublicReview>(second.context, 'en', '/api/reviews/submit', { id: companyId, score: 5, content: `${campaign}!!`, check: true });

    const admin = await session.visitor('en');
    await signIn(admin.page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await admin.page.goto('/admin/moderation');
    const signals = admin.page.locator(`[data-testid="moderation-item"][data-target-id="${copy.id}"]`).getByTestId('moderation-signals');
    await signals.waitFor();
    const reasons = await signals.locator('li').allInnerTexts();
    expect(reasons).toContain('Near-duplicate of 1 review from other accounts (100 % similar)');
    expect(reasons).toContain('Account less than a day old, text has a link');
  });
});
