/**
 * Complaint cases (issue 19, ADR 031) in a real browser: an admin (`E2E_ADMIN_EMAIL`,
 * `E2E_ADMIN_PASSWORD`) creates a company with a website and approves a company account as its
 * representative; a trader opens a complaint from the company page with a PDF (a field error
 * first), it waits for moderation; a moderator publishes it and the clock shows; the
 * representative (told by a notice) reads the private evidence and answers in the thread; the
 * trader marks it resolved, and the company page's resolution figures change. A second pass reads
 * the case and the company's figures in Chinese. While the case waits for the company, the
 * representative's dashboard shows the rating trend, the trader's review to reply to and the open
 * case with its deadline (in English, then in Chinese).
 */
import { describe, expect, it } from 'vitest';
import type { PublicReview } from '@brokerwise/api-contract';
import { BASE_URL, browserSession, hydrated } from './browser.ts';
import { createCompany, representativeOf } from './companies.ts';
import { apiPost, register, signIn } from './users.ts';

const ADMIN_EMAIL = process.env.E2E_ADMIN_EMAIL;
const ADMIN_PASSWORD = process.env.E2E_ADMIN_PASSWORD;
const session = browserSession();
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

describe('complaint cases', () => {
  it('a trader opens a complaint with a PDF, a moderator publishes it, the company answers, the trader marks it resolved and the figures change', async () => {
    if (!ADMIN_EMAIL || !ADMIN_PASSWORD) throw new Error('E2E_ADMIN_EMAIL and E2E_ADMIN_PASSWORD are required');
    const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
    const domain = `harbourline-${run}.example.org`;
    const name = `Harbourline Markets ${run}`;
    const admin = await session.visitor('en');
    await signIn(admin.page, ADMIN_EMAIL, ADMIN_PASSWORD);
    const slug = await createCompany(admin.page, name, `https://www.${domain}/`);
    const company = await session.visitor('en');
    await representativeOf(company, admin.context, slug, `support@${domain}`);

    // The trader opens the complaint from the company page.
    const trader = await session.visitor('en');
    await register(trader.context, trader.page, 'en', 'cp');
    // The trader's review of the company, published (the dashboard lists it, not yet replied to).
    const review = await apiPost<PublicReview>(trader.context, 'en', '/api/reviews/submit', {
      id: slug,
      score: 2,
      content: `Withdrawals take weeks and support does not answer my tickets (${run}).`,
      check: true,
    });
    await apiPost(admin.context, 'en', '/api/admin/reviews/decide', { reviewId: review.id, decision: 'approve' });
    await trader.page.goto(`/detail?id=${slug}`);
    const section = trader.page.getByTestId('company-complaints');
    expect(await section.getByTestId('complaint-figure-cases').innerText()).toContain('0');
    await section.getByTestId('company-complaints-new').click();
    await trader.page.waitForURL((url) => url.pathname === '/complaints/new');
    await hydrated(trader.page);
    expect(await trader.page.locator('h1').innerText()).toBe(`Open a complaint about ${name}`);
    await trader.page.getByTestId('complaint-category').selectOption('withdrawal');
    await trader.page.getByTestId('complaint-amount').fill('2500');
    await trader.page.getByTestId('complaint-content').fill('Too short.');
    await trader.page.getByTestId('complaint-evidence').setInputFiles({ name: 'statement.pdf', mimeType: 'application/pdf', buffer: PDF });
    await trader.page.getByTestId('complaint-submit').click();
    expect(await trader.page.getByTestId('complaint-error-content').innerText()).toBe('Please describe what happened in 30 to 5000 characters.');
    const what = `I asked for a withdrawal of 2,500 USD on 3 November; it was never paid and support stopped answering (${run}).`;
    await trader.page.getByTestId('complaint-content').fill(what);
    await trader.page.getByTestId('complaint-submit').click();
    await trader.page.waitForURL((url) => url.pathname.startsWith('/complaints/') && url.pathname !== '/complaints/new');
    const casePath = new URL(trader.page.url()).pathname;
    expect(await trader.page.getByTestId('complaint-case-status').innerText()).toBe('Awaiting moderation');
    expect(await trader.page.getByTestId('complaint-evidence-link').count()).toBe(1);

    // Not public yet: a visitor gets a 404.
    const visitor = await session.visitor('en');
    expect((await visitor.page.goto(casePath))?.status()).toBe(404);

    // A moderator finds it in the queue and publishes it: the company's clock starts.
    await admin.page.goto('/admin/complaints');
    await admin.page.getByTestId('complaint-item').filter({ hasText: run }).getByTestId('complaint-open').click();
    await admin.page.waitForURL((url) => url.pathname === casePath);
    await hydrated(admin.page);
    await admin.page.getByTestId('complaint-publish').click();
    await admin.page.getByTestId('toast-success').filter({ hasText: 'Complaint published' }).waitFor();
    await expect.poll(() => admin.page.getByTestId('complaint-case-status').innerText()).toBe('Awaiting the company');
    expect(await admin.page.getByTestId('complaint-clock').innerText()).toMatch(/^The company has 1[5-7] working days left to answer \(until .+; weekends and holidays do not count\)\.$/);

    // Public now, without the private file.
    await visitor.page.goto(casePath);
    expect(await visitor.page.getByTestId('complaint-case-content').innerText()).toBe(what);
    expect(await visitor.page.getByTestId('complaint-evidence-link').count()).toBe(0);

    // The representative is told, reads the evidence and answers.
    await expect
      .poll(
        async () => {
          await company.page.goto('/user/notice');
          return company.page.getByTestId('notice-item').filter({ hasText: 'New complaint' }).count();
        },
        { timeout: 20_000, interval: 250 },
      )
      .toBe(1);

    // The representative's dashboard (in the account menu): the trend, the review to reply to, the open case with its deadline.
    expect(await company.page.getByTestId('menu-company-dashboard').first().getAttribute('href')).toBe('/user/company/dashboard');
    await company.page.goto('/user/company/dashboard');
    const board = company.page.getByTestId('company-dashboard');
    expect(await board.getByTestId('dashboard-company').innerText()).toBe(name);
    expect(await board.getByTestId('dashboard-rating-chart').locator('figcaption').innerText()).toBe('Average rating per month');
    expect(await board.getByTestId('dashboard-count-chart').locator('svg[role="img"]').count()).toBe(1);
    const toReply = board.getByTestId('dashboard-review').filter({ hasText: run });
    expect(await toReply.getAttribute('data-replied')).toBe('none');
    expect(await toReply.getByTestId('dashboard-review-status').innerText()).toBe('Not replied');
    expect(await toReply.getByTestId('dashboard-reply-link').getAttribute('href')).toBe(`/detail?id=${slug}#review-${review.id}`);
    const openCase = board.getByTestId('dashboard-case');
    expect(await openCase.count()).toBe(1);
    expect(await openCase.getByTestId('dashboard-case-clock').innerText()).toMatch(/^Answer by .+ \(1[5-7] working days left\) Open the case$/);
    expect(await openCase.getByTestId('dashboard-case-open').getAttribute('href')).toBe(casePath);
    // The same in Chinese; the trader (not a representative) is refused.
    await company.context.addCookies([{ name: 'lang', value: 'zh-CN', url: BASE_URL }]);
    await company.page.goto('/user/company/dashboard');
    expect(await company.page.getByTestId('dashboard-rating-chart').locator('figcaption').innerText()).toBe('每月平均评分');
    expect(await company.page.getByTestId('dashboard-review').filter({ hasText: run }).getByTestId('dashboard-review-status').innerText()).toBe('未回复');
    expect(await company.page.getByTestId('dashboard-case-clock').innerText()).toMatch(/^请于 .+ 前回应（剩余 1[5-7] 个工作日） 查看投诉$/);
    await company.context.addCookies([{ name: 'lang', value: 'en', url: BASE_URL }]);
    const refused = await trader.page.goto('/user/company/dashboard');
    expect(refused?.status()).toBe(403);
    expect(await trader.page.getByTestId('dashboard-forbidden').innerText()).toContain("Only the company's verified representatives can see its dashboard.");

    await company.page.goto(casePath);
    await hydrated(company.page);
    const href = await company.page.getByTestId('complaint-evidence-link').getAttribute('href');
    const file = await company.context.request.get(href!);
    expect(file.status()).toBe(200);
    expect(Buffer.from(await file.body()).equals(PDF)).toBe(true);
    expect((await visitor.context.request.get(href!)).status()).not.toBe(200);
    await company.page.getByTestId('complaint-message-text').fill('We paid the 2,500 USD today; please check your bank account.');
    await company.page.getByTestId('complaint-message-send').click();
    await company.page.getByTestId('complaint-message').filter({ hasText: 'We paid the 2,500 USD today' }).waitFor();
    await expect.poll(() => company.page.getByTestId('complaint-case-status').innerText()).toBe('Awaiting the user');
    // The author's clock: both sides see the deadline and the days left.
    await expect
      .poll(() => company.page.getByTestId('complaint-clock').innerText())
      .toMatch(/^The company has answered\. The author has 1[5-7] working days left to write back, confirm or reject the outcome \(until .+; weekends and holidays do not count\)\. After that the case closes as “no reply from the author”\.$/);

    // Before the trader confirms, nothing is resolved.
    await visitor.page.goto(`/detail?id=${slug}`);
    expect(await visitor.page.getByTestId('complaint-figure-cases').innerText()).toContain('1');
    expect(await visitor.page.getByTestId('complaint-figure-response-rate').innerText()).toContain('100%');
    expect(await visitor.page.getByTestId('complaint-figure-resolution-rate').innerText()).toContain('—');

    // The trader marks it resolved.
    await trader.page.goto(casePath);
    await hydrated(trader.page);
    expect(await trader.page.getByTestId('complaint-message').innerText()).toContain(`${name} — verified representative`);
    expect(await trader.page.getByTestId('complaint-clock').innerText()).toMatch(/^The company has answered\. You have 1[5-7] working days left to write back, confirm or reject the outcome \(until .+\)\./);
    await trader.page.getByTestId('complaint-confirm').click();
    await trader.page.getByTestId('toast-success').filter({ hasText: 'marked as resolved' }).waitFor();
    await expect.poll(() => trader.page.getByTestId('complaint-case-status').innerText()).toBe('Resolved');
    expect(await trader.page.getByTestId('complaint-message-send').count()).toBe(0);

    // The company page's figures changed (seen signed in: an anonymous render may be reused for a few seconds).
    await trader.page.goto(`/detail?id=${slug}`);
    expect(await trader.page.getByTestId('complaint-figure-resolution-rate').innerText()).toContain('100%');
    const listed = trader.page.getByTestId('company-complaints').getByTestId('complaint-item');
    expect(await listed.getAttribute('data-status')).toBe('resolved');

    // Chinese: the case and the figures.
    const zh = await session.visitor('zh-CN');
    await zh.page.goto(casePath);
    expect(await zh.page.getByTestId('complaint-case-status').innerText()).toBe('已解决');
    expect(await zh.page.locator('h1').innerText()).toBe(`关于 码头市场 ${run} 的投诉`);
    await zh.page.goto(`/detail?id=${slug}`);
    expect(await zh.page.getByTestId('company-complaints').innerText()).toContain('解决率');
    expect(await zh.page.getByTestId('complaint-figure-resolution-rate').innerText()).toContain('100%');
    await zh.page.goto(`/complaints?company=${slug}&status=resolved`);
    expect(await zh.page.getByTestId('complaint-item').count()).toBe(1);
    expect(await zh.page.getByTestId('complaint-status').innerText()).toBe('已解决');
    // The filter takes the company's name, in either language; a name nobody has says so.
    await zh.page.goto('/complaints');
    await hydrated(zh.page);
    await zh.page.getByTestId('complaints-filter-company').fill(`码头市场 ${run}`);
    await zh.page.getByTestId('complaints-filter-status').selectOption('resolved');
    await zh.page.getByTestId('complaints-filter-company').press('Enter');
    await zh.page.waitForURL((url) => url.searchParams.get('company') === `码头市场 ${run}`);
    await expect.poll(() => zh.page.locator('h1').innerText()).toBe(`关于 码头市场 ${run} 的投诉`);
    expect(await zh.page.getByTestId('complaint-item').count()).toBe(1);
    await zh.page.goto(`/complaints?company=${encodeURIComponent(`no such broker ${run}`)}`);
    expect(await zh.page.getByTestId('complaints-no-company').innerText()).toBe(`没有与“no such broker ${run}”匹配的公司。`);
    // Opening a case from the complaints page: the company is found by its name first.
    await trader.page.goto('/complaints/new');
    await hydrated(trader.page);
    await trader.page.getByTestId('complaint-company').fill(name);
    await trader.page.getByTestId('complaint-company').press('Enter');
    // The address changes as the navigation starts; the page follows once its data is in.
    await trader.page.waitForURL((url) => url.searchParams.get('company') === name);
    await expect.poll(() => trader.page.locator('h1').innerText()).toBe(`Open a complaint about ${name}`);
  });
});
