/**
 * Verified company replies (issue 19, ADR 030) in a real browser, in English: an admin
 * (`E2E_ADMIN_EMAIL`, `E2E_ADMIN_PASSWORD`) creates a company with a website; a trader's review
 * of it is published; a company account registers, claims the company with a mailbox at its web
 * domain (a free-mail address is refused under the field) and the code from the dev mailbox; the
 * admin approves it in the console; the representative replies under the review; a moderator
 * publishes the reply; the reviewer finds the notice and the reply labelled as verified, and the
 * page shows the reply rate. A second pass reads the company page in Chinese.
 */
import { describe, expect, it } from 'vitest';
import type { PublicReview } from '@brokerwise/api-contract';
import { browserSession, hydrated } from './browser.ts';
import { createCompany } from './companies.ts';
import { apiPost, mailText, register, signIn } from './users.ts';

const ADMIN_EMAIL = process.env.E2E_ADMIN_EMAIL;
const ADMIN_PASSWORD = process.env.E2E_ADMIN_PASSWORD;
const session = browserSession();

describe('verified company replies', () => {
  it('a company account claims its company by mail code, an admin approves, it replies to a review, and the reviewer sees the verified reply and the notice', async () => {
    if (!ADMIN_EMAIL || !ADMIN_PASSWORD) throw new Error('E2E_ADMIN_EMAIL and E2E_ADMIN_PASSWORD are required');
    const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
    const domain = `quayside-${run}.example.org`;
    const name = `Quayside Markets ${run}`;
    const admin = await session.visitor('en');
    await signIn(admin.page, ADMIN_EMAIL, ADMIN_PASSWORD);
    const slug = await createCompany(admin.page, name, `https://www.${domain}/en`);

    // A trader's review of it, published.
    const reviewer = await session.visitor('en');
    await register(reviewer.context, reviewer.page, 'en', 'cr');
    const review = await apiPost<PublicReview>(reviewer.context, 'en', '/api/reviews/submit', {
      id: slug,
      score: 2,
      content: `Withdrawals took two weeks and nobody answered my tickets (${run}).`,
      check: true,
    });
    await apiPost(admin.context, 'en', '/api/admin/reviews/decide', { reviewId: review.id, decision: 'approve' });

    // A company account claims the company: a free-mail address is refused under the field.
    const company = await session.visitor('en');
    await register(company.context, company.page, 'en', 'cc', { company: true });
    await company.page.goto('/user/company');
    await hydrated(company.page);
    await company.page.getByTestId('claim-company').fill(`https://brokerwise.test/detail?id=${slug}`);
    await company.page.getByTestId('claim-email').fill(`quayside.${run}@gmail.com`);
    await company.page.getByTestId('claim-send').click();
    expect(await company.page.getByTestId('claim-email-error').innerText()).toBe('Please use a mailbox at the company’s own web domain, not a free mail service.');
    const mailbox = `ir@${domain}`;
    await company.page.getByTestId('claim-email').fill(mailbox);
    await company.page.getByTestId('claim-send').click();
    const codeForm = company.page.getByTestId('claim-code-form');
    await codeForm.waitFor();
    expect(await codeForm.innerText()).toContain(`We sent a 6-digit code to ${mailbox}.`);
    const code = /\b(\d{6})\b/.exec(await mailText(company.context, mailbox, /\b\d{6}\b/))![1]!;
    await company.page.getByTestId('claim-code').fill(code);
    await company.page.getByTestId('claim-verify').click();
    await expect.poll(() => company.page.getByTestId('claim-status').first().innerText()).toBe('Waiting for an administrator');

    // The admin approves it in the console.
    await admin.page.goto('/admin/representatives');
    const claim = admin.page.getByTestId('admin-claim').filter({ hasText: name });
    await hydrated(admin.page);
    expect(await claim.innerText()).toContain(`Mailbox ${mailbox} (company domain ${domain})`);
    await claim.getByTestId('decision-yes').click();
    await admin.page.getByTestId('toast-success').filter({ hasText: `verified representative of ${name}` }).waitFor();
    await company.page.reload();
    await expect.poll(() => company.page.getByTestId('claim-status').first().innerText()).toBe('Verified representative');

    // The representative replies under the review; it waits for a moderator.
    await company.page.goto(`/detail?id=${slug}`);
    await hydrated(company.page);
    const item = company.page.locator(`[data-testid="review-item"][data-review-id="${review.id}"]`);
    await item.getByTestId('reply-open').click();
    await item.getByTestId('reply-text').fill('x');
    await item.getByTestId('reply-send').click();
    expect(await item.getByTestId('reply-error').innerText()).toBe('Please write 2 to 1000 characters.');
    const replyText = `We are sorry: your withdrawal was sent today and support now answers within a day (${run}).`;
    await item.getByTestId('reply-text').fill(replyText);
    await item.getByTestId('reply-send').click();
    await expect.poll(async () => (await item.getByTestId('company-reply').count()) > 0 && item.getByTestId('company-reply').getAttribute('data-status')).toBe('pending');

    // Nobody else sees it before a moderator publishes it.
    await reviewer.page.goto(`/detail?id=${slug}`);
    expect(await reviewer.page.getByTestId('company-reply').count()).toBe(0);
    await admin.page.goto('/admin/company-replies');
    await hydrated(admin.page);
    const queued = admin.page.locator(`[data-testid="admin-reply"][data-review-id="${review.id}"]`);
    expect(await queued.getByTestId('admin-reply-text').innerText()).toBe(replyText);
    await queued.getByTestId('decision-yes').click();
    await admin.page.getByTestId('toast-success').filter({ hasText: 'Reply published' }).waitFor();

    // The reviewer's notice, and the reply under their review, labelled as verified.
    await expect
      .poll(
        async () => {
          await reviewer.page.goto('/user/notice');
          return reviewer.page.getByTestId('notice-item').filter({ hasText: 'Reply from the company' }).count();
        },
        { timeout: 20_000, interval: 250 },
      )
      .toBe(1);
    const notice = reviewer.page.getByTestId('notice-item').filter({ hasText: 'Reply from the company' });
    expect(await notice.getAttribute('data-kind')).toBe('company_replied');
    expect(await notice.innerText()).toContain(`${name} replied to your review`);
    await reviewer.page.goto(`/detail?id=${slug}`);
    const shown = reviewer.page.getByTestId('company-reply');
    expect(await shown.getAttribute('data-status')).toBe('approved');
    expect(await shown.getByTestId('company-reply-label').innerText()).toBe(`Reply from ${name} — verified`);
    expect(await shown.innerText()).toContain(replyText);
    expect(await reviewer.page.getByTestId('reply-open').count()).toBe(0);
    expect(await reviewer.page.getByTestId('reply-rate').innerText()).toBe('100% of reviews answered (1 of 1 in the last 12 months).');

    // Chinese: the label, the figures and the notice.
    const zh = await session.visitor('zh-CN');
    await zh.page.goto(`/detail?id=${slug}`);
    expect(await zh.page.getByTestId('company-reply-label').innerText()).toBe(`码头市场 ${run} 的回复 — 已认证`);
    expect(await zh.page.getByTestId('reply-rate').innerText()).toBe('回复率 100%（近 12 个月 1 条点评中回复 1 条）。');
    expect(await zh.page.getByTestId('reply-median').innerText()).toMatch(/^回复时间中位数：[\d.]+ (小时|天)。$/);
  });
});
