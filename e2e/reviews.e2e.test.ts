/**
 * Review journeys in a real browser against a running site: a new user rates a company found through
 * /search (form rules, then a pending review only its author sees), edits and deletes, the form
 * without script, and, when the demo admin's credentials are given (`E2E_ADMIN_EMAIL`,
 * `E2E_ADMIN_PASSWORD`; `npm test` sets them), moderation publishes the review for everyone and
 * moves the rating summary. Every test registers its own users (codes from /dev/mailbox), so the
 * tests run in any order and against a database that is not empty.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CJK, browserSession, hydrated, type Lang } from './browser.ts';
import { register, signIn } from './users.ts';

const session = browserSession();
const visitor = session.visitor;

const TEXT = {
  en: {
    rate: 'Rate',
    content: 'Your review',
    confirm: /I confirm this review is based on my own experience/,
    submit: 'Submit review',
    stars: (n: number) => `${n} ${n === 1 ? 'star' : 'stars'} out of 5`,
    noStars: 'Please choose a rating from 1 to 5 stars.',
    tooShort: 'Your review must be 15 to 1000 characters long.',
    noTick: 'Please confirm that this review is based on your own experience.',
    counter: (n: number) => `${n} / 1000 characters (at least 15)`,
    pending: 'Your review is pending',
    pendingNote: 'Your review is still pending review.',
    published: 'Published',
    editYours: 'Edit your review',
    delete: 'Delete',
    deleteYes: 'Yes, delete',
    deleted: 'Your review has been deleted.',
    myReviews: 'My Reviews',
    approve: 'Approve',
    admin: 'Admin',
  },
  'zh-CN': {
    rate: '评分',
    content: '点评内容',
    confirm: /我确认该点评基于本人与该公司的亲身经历/,
    submit: '提交点评',
    stars: (n: number) => `${n} 星（满分 5 星）`,
    noStars: '请选择 1 至 5 星的评分。',
    tooShort: '点评内容须为 15 至 1000 个字符。',
    noTick: '请确认该点评基于您的亲身经历。',
    counter: (n: number) => `${n} / 1000 个字符（至少 15 个）`,
    pending: '您的点评正在审核中',
    pendingNote: '您的点评仍在等待审核。',
    published: '已发布',
    editYours: '修改我的点评',
    delete: '删除',
    deleteYes: '确定删除',
    deleted: '您的点评已删除。',
    myReviews: '我的点评',
    approve: '通过',
    admin: '管理后台',
  },
} as const;

async function toast(page: Page, kind: 'success' | 'error', text: string | RegExp): Promise<void> {
  await page.getByTestId(`toast-${kind}`).filter({ hasText: text }).last().waitFor();
}

/**
 * A broker picked from /search among the most reviewed (so it is ranked in Top Brokers; one of the
 * first eight at random, so parallel runs rarely share one).
 */
async function openCompanyFromSearch(page: Page): Promise<{ id: string; name: string }> {
  await page.goto('/search?order=reviews&categories=Brokers');
  const cards = page.getByTestId('company-card');
  await cards.first().waitFor();
  const card = cards.nth(Math.floor(Math.random() * Math.min(8, await cards.count())));
  const name = (await card.locator('h3').innerText()).trim();
  const href = (await card.locator('a').first().getAttribute('href'))!;
  expect(href).toMatch(/^\/detail\?id=[a-z0-9-]+$/);
  await Promise.all([page.waitForURL('**/detail?id=**'), card.locator('a').first().click()]);
  await page.getByTestId('company-detail').waitFor();
  return { id: new URLSearchParams(href.split('?')[1]).get('id')!, name };
}

/** The company's review count in Top Brokers (looking through its pages), or null when it is not ranked. */
async function topBrokersCount(page: Page, companyId: string): Promise<number | null> {
  for (let p = 1; p <= 20; p++) {
    await page.goto(`/topbrokers?page=${p}`);
    const row = page.locator(`[data-testid="ranked-company"][data-company-id="${companyId}"]`);
    if ((await row.count()) > 0) return Number(await row.getAttribute('data-count'));
    if ((await page.getByTestId('ranked-company').count()) < 20) return null;
  }
  return null;
}

/** Number of approved reviews in the rating summary (0 when not rated yet). */
async function approvedCount(page: Page): Promise<number> {
  const score = page.getByTestId('rating-score');
  return (await score.count()) ? Number(await score.getAttribute('data-count')) : 0;
}

/** From the detail page: Rate → the review form, ready (hydrated). */
async function openForm(page: Page, company: { id: string; name: string }, lang: Lang): Promise<void> {
  const rate = page.getByTestId('rate-link');
  expect(await rate.innerText()).toBe(TEXT[lang].rate);
  await Promise.all([page.waitForURL(`**/comment?id=${company.id}`), rate.click()]);
  await page.locator('form[data-testid="review-form"][data-ready]').waitFor();
  expect(await page.getByTestId('comment-company').innerText()).toBe(company.name);
}

/** Leaves the form wrong three ways, checks the messages, then writes a valid review and sends it. */
async function writeReview(page: Page, lang: Lang, text: string, stars: number): Promise<void> {
  const t = TEXT[lang];
  const content = page.getByLabel(t.content, { exact: true });
  // Submit with nothing chosen, a short text and no tick: a message under each field.
  await content.fill('Too short');
  expect(await page.getByTestId('review-counter').innerText()).toBe(t.counter(9));
  await page.getByTestId('review-submit').click();
  for (const message of [t.noStars, t.tooShort, t.noTick]) await page.getByText(message, { exact: true }).waitFor();
  expect(new URL(page.url()).pathname).toBe('/comment');

  // The stars are radio inputs: pick one, then move with the keyboard.
  await page.getByRole('radio', { name: t.stars(stars - 1) }).check();
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => page.getByRole('radio', { name: t.stars(stars) }).isChecked()).toBe(true);
  await expect(page.getByText(t.noStars, { exact: true }).count()).resolves.toBe(0);

  await content.fill(text);
  expect(await page.getByTestId('review-counter').innerText()).toBe(t.counter([...text].length));
  await expect(page.getByText(t.tooShort, { exact: true }).count()).resolves.toBe(0);
  await page.getByRole('checkbox', { name: t.confirm }).check();
  await expect(page.getByText(t.noTick, { exact: true }).count()).resolves.toBe(0);
  await page.getByTestId('review-submit').click();
}

const ADMIN_EMAIL = process.env.E2E_ADMIN_EMAIL;
const ADMIN_PASSWORD = process.env.E2E_ADMIN_PASSWORD;

/** As the admin: finds the review in the queue (oldest first, so it may be on a later page) and approves it. */
async function approveAsAdmin(reviewId: string, lang: Lang): Promise<void> {
  const t = TEXT[lang];
  const { page } = await visitor(lang);
  await signIn(page, ADMIN_EMAIL!, ADMIN_PASSWORD!, lang);
  // A full page load: the account menu offers the admin page.
  await page.goto('/');
  await hydrated(page);
  const menu = page.locator('header details:has([data-testid="admin-link"]):visible').first();
  await menu.locator('summary').click();
  const adminLink = menu.getByTestId('admin-link');
  await adminLink.waitFor();
  expect(await adminLink.innerText()).toBe(t.admin);
  expect(await adminLink.getAttribute('href')).toBe('/admin/reviews');
  await page.keyboard.press('Escape');

  let item = page.locator(`[data-testid="admin-queue-item"][data-review-id="${reviewId}"]`);
  for (let p = 1; p <= 50; p++) {
    await page.goto(`/admin/reviews?page=${p}`);
    await page.getByTestId('admin-queue-total').waitFor();
    if ((await item.count()) > 0 || (await page.getByTestId('admin-queue-item').count()) === 0) break;
  }
  expect(await item.count()).toBe(1);
  // The audit link shows the review's decisions (none yet).
  expect(await item.getByTestId('admin-audit-link').getAttribute('href')).toContain(`audit=${encodeURIComponent(reviewId)}`);
  await item.getByRole('button', { name: t.approve, exact: true }).click();
  await page.getByTestId('toast-success').first().waitFor();
  // The decided review leaves the queue.
  item = page.locator(`[data-testid="admin-queue-item"][data-review-id="${reviewId}"]`);
  await expect.poll(() => item.count(), { timeout: 10_000 }).toBe(0);
  await page.goto(`/admin/reviews?audit=${encodeURIComponent(reviewId)}`);
  expect(await page.getByTestId('admin-audit').locator('li').count()).toBe(1);
}

describe.each(['en', 'zh-CN'] as const)('reviews (%s)', (lang) => {
  it('rates a company from /search: rules, then a pending review only its author sees; moderation publishes it and Top Brokers counts it', async () => {
    const t = TEXT[lang];
    const { context, page } = await visitor(lang);

    // Signed out, Rate leads to sign-in; signing up (from the login page) comes back to the form.
    const company = await openCompanyFromSearch(page);
    // The demo site seeds each company's reviews a few seconds after it starts: count once they are in.
    await expect.poll(async () => (await page.reload(), await approvedCount(page)), { timeout: 30_000, interval: 500 }).toBeGreaterThan(0);
    const before = await approvedCount(page);
    await page.getByTestId('rate-link').click();
    await page.waitForURL((url) => url.pathname === '/login');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe(`/comment?id=${company.id}`);
    const account = await register(context, page, lang, 'r', { goTo: `/comment?id=${company.id}` });
    await page.locator('form[data-testid="review-form"][data-ready]').waitFor();
    expect(await page.getByTestId('comment-company').innerText()).toBe(company.name);
    const text =
      lang === 'en'
        ? `Withdrawals arrived within two days and support answered in English. Test ${account.username}.`
        : `出金两天内到账，客服回复及时，点差也比较稳定。测试 ${account.username}。`;
    await writeReview(page, lang, text, 4);

    // The server's message, then back to the company after 3 seconds.
    await toast(page, 'success', t.pending);
    await page.waitForURL(`**/detail?id=${company.id}`, { timeout: 15_000 });
    const mine = page.getByTestId('my-review');
    await mine.waitFor();
    expect(await mine.getByTestId('review-status').innerText()).toBe(t.pending);
    // One message for a pending review, not the badge and a note saying it again.
    expect(await mine.innerText()).not.toContain(t.pendingNote);
    expect((await mine.innerText()).split(t.pending).length - 1).toBe(1);
    expect(await mine.innerText()).toContain(text);
    expect(await mine.getByRole('img', { name: t.stars(4) }).count()).toBe(1);
    expect(await page.getByTestId('reviews-rate').innerText()).toBe(t.editYours);
    if (lang === 'zh-CN') expect(await page.getByTestId('detail-reviews').innerText()).toMatch(CJK);
    const reviewId = (await mine.getAttribute('data-review-id'))!;
    expect(reviewId).toBeTruthy();
    // Pending reviews don't count.
    expect(await approvedCount(page)).toBe(before);

    // Edit: the form is filled with the review.
    await Promise.all([page.waitForURL(`**/comment?id=${company.id}`), mine.getByTestId('my-review-edit').click()]);
    await page.locator('form[data-testid="review-form"][data-ready]').waitFor();
    expect(await page.getByLabel(t.content, { exact: true }).inputValue()).toBe(text);
    expect(await page.getByRole('radio', { name: t.stars(4) }).isChecked()).toBe(true);

    // My Reviews lists it with its status and links to the company and the form.
    await page.goto('/user/reviews');
    const listed = page.getByTestId('my-reviews-item').filter({ hasText: text });
    await listed.waitFor();
    expect(await listed.getByTestId('review-status').innerText()).toBe(t.pending);
    expect(await listed.getByRole('link', { name: company.name, exact: true }).getAttribute('href')).toBe(`/detail?id=${company.id}`);
    expect(await listed.getByTestId('my-reviews-edit').getAttribute('href')).toBe(`/comment?id=${company.id}`);

    // Someone else, signed out, sees neither the review nor its pending label.
    const other = await visitor(lang);
    await other.page.goto(`/detail?id=${company.id}`);
    await other.page.getByTestId('rating-summary').waitFor();
    expect(await other.page.getByTestId('my-review').count()).toBe(0);
    const publicText = await other.page.getByTestId('detail-reviews').innerText();
    expect(publicText).not.toContain(text);
    expect(publicText).not.toContain(t.pending);

    // Never a silent pass: the demo admin is required (npm test sets these; npm start prints the credentials).

    if (!ADMIN_EMAIL || !ADMIN_PASSWORD) throw new Error('E2E_ADMIN_EMAIL and E2E_ADMIN_PASSWORD are required');

    await approveAsAdmin(reviewId, lang);

    // Published for everyone, and the summary counts it (the page cache follows the rating event).
    await expect
      .poll(
        async () => {
          await other.page.goto(`/detail?id=${company.id}`);
          return approvedCount(other.page);
        },
        { timeout: 20_000, interval: 500 },
      )
      .toBe(before + 1);
    const item = other.page.getByTestId('review-item').filter({ hasText: text });
    await item.waitFor();
    expect(await item.innerText()).toContain(account.username);
    const ld = await other.page.evaluate(() =>
      [...document.querySelectorAll('script[type="application/ld+json"]')].map((s) => JSON.parse(s.textContent ?? 'null') as Record<string, unknown>),
    );
    expect(ld.find((x) => x['@type'] === 'Organization')?.aggregateRating).toMatchObject({ reviewCount: before + 1, bestRating: 5, worstRating: 1 });

    // Top Brokers ranks it with the new count.
    await expect.poll(() => topBrokersCount(other.page, company.id), { timeout: 20_000, interval: 1000 }).toBe(before + 1);

    // The author sees it published on the company page and in My Reviews.
    await page.goto(`/detail?id=${company.id}`);
    expect(await page.getByTestId('my-review').getByTestId('review-status').innerText()).toBe(t.published);
    // Once: on top with Edit and Delete, not again in the list below.
    expect(await page.getByTestId('review-item').filter({ hasText: text }).count()).toBe(0);
    await page.goto('/user/reviews');
    expect(await page.getByTestId('my-reviews-item').filter({ hasText: text }).getByTestId('review-status').innerText()).toBe(t.published);
  });
});

describe('reviews: delete, and the form without JavaScript', () => {
  it('deletes the own review after a confirmation (zh-CN)', async () => {
    const t = TEXT['zh-CN'];
    const { context, page } = await visitor('zh-CN');
    await register(context, page, 'zh-CN', 'r');
    const company = await openCompanyFromSearch(page);
    await openForm(page, company, 'zh-CN');
    await writeReview(page, 'zh-CN', '开户流程简单，但周末客服响应较慢，需要耐心等待。', 3);
    await toast(page, 'success', t.pending);
    await page.waitForURL(`**/detail?id=${company.id}`, { timeout: 15_000 });
    const mine = page.getByTestId('my-review');
    await mine.getByRole('button', { name: t.delete, exact: true }).click();
    await mine.getByRole('button', { name: t.deleteYes, exact: true }).click();
    await toast(page, 'success', t.deleted);
    await expect.poll(() => page.getByTestId('my-review').count(), { timeout: 10_000 }).toBe(0);
    expect(await page.getByTestId('reviews-rate').innerText()).not.toBe(t.editYours);
  });

  it('posts the review form without script and lands on the company with the pending label (en)', async () => {
    const t = TEXT.en;
    const signedIn = await visitor('en');
    await register(signedIn.context, signedIn.page, 'en', 'r');
    const company = await openCompanyFromSearch(signedIn.page);
    const state = await signedIn.context.storageState();
    const { page } = await visitor('en', { javaScriptEnabled: false, storageState: state });

    await page.goto(`/comment?id=${company.id}`);
    await page.getByTestId('review-form').waitFor();
    // Server-side rules when the form is sent without script.
    await page.getByLabel(t.content, { exact: true }).fill('Too short');
    await Promise.all([page.waitForLoadState('load'), page.getByTestId('review-submit').click()]);
    for (const message of [t.noStars, t.tooShort, t.noTick]) await page.getByText(message, { exact: true }).waitFor();

    await page.getByRole('radio', { name: t.stars(5) }).check();
    await page.getByLabel(t.content, { exact: true }).fill('Orders fill quickly and spreads stay tight during the London session.');
    await page.getByRole('checkbox', { name: t.confirm }).check();
    await Promise.all([page.waitForURL(`**/detail?id=${company.id}`), page.getByTestId('review-submit').click()]);
    expect(await page.getByTestId('my-review').getByTestId('review-status').innerText()).toBe(t.pending);
  });
});
