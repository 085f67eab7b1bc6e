/**
 * Sanctions and appeals in a real browser (issue 17): the demo admin (`E2E_ADMIN_EMAIL`,
 * `E2E_ADMIN_PASSWORD`; `npm test` sets them) makes a new account a moderator with the role control
 * of /admin/users, then restricts another new user from posting for 3 days; the user reads the
 * notice (reason, rule, where to appeal), is refused when submitting a review with the translated
 * message, and appeals from /user/sanctions; the moderator (a second one: the admin imposed it)
 * lifts the sanction from /admin/appeals, and the user can post again. Every user is new.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserSession, hydrated } from './browser.ts';
import { register, signIn } from './users.ts';

const session = browserSession();
const ADMIN_EMAIL = process.env.E2E_ADMIN_EMAIL;
const ADMIN_PASSWORD = process.env.E2E_ADMIN_PASSWORD;

const toast = (page: Page, kind: 'success' | 'error', text: string | RegExp) => page.getByTestId(`toast-${kind}`).filter({ hasText: text }).last().waitFor();

/** The account's page in the users console, found by searching its name. */
async function openUser(page: Page, username: string): Promise<void> {
  await page.goto('/admin/users');
  await hydrated(page);
  await page.getByTestId('admin-users-keyword').fill(username);
  await Promise.all([page.waitForURL((url) => url.searchParams.get('keyword') === username), page.getByTestId('admin-users-search').click()]);
  await Promise.all([page.waitForURL((url) => url.searchParams.has('id')), page.getByTestId('admin-users-open').filter({ hasText: username }).click()]);
  await page.getByTestId('admin-user-detail').waitFor();
  await hydrated(page);
}

/** Fills and sends the review form of a company. */
async function submitReview(page: Page, companyId: string): Promise<void> {
  await page.goto(`/comment?id=${companyId}`);
  await hydrated(page);
  await page.getByRole('radio', { name: '4 stars out of 5' }).check();
  await page.getByLabel('Your review', { exact: true }).fill('Withdrawals reached my bank within one working day, every time.');
  await page.getByRole('checkbox', { name: /I confirm this review is based on my own experience/ }).check();
  await page.getByTestId('review-submit').click();
}

describe('sanctions and appeals (en)', () => {
  it('an admin restricts a user for 3 days; the user is told, cannot post, appeals; a second moderator lifts it; the user posts again', async () => {
    // Never a silent pass: the demo admin is required.
    if (!ADMIN_EMAIL || !ADMIN_PASSWORD) throw new Error('E2E_ADMIN_EMAIL and E2E_ADMIN_PASSWORD are required');
    const admin = await session.visitor('en');
    await signIn(admin.page, ADMIN_EMAIL, ADMIN_PASSWORD);

    // A second moderator, made with the role control.
    const mod = await session.visitor('en');
    const modAccount = await register(mod.context, mod.page, 'en', 'sm');
    await openUser(admin.page, modAccount.username);
    await admin.page.getByTestId('admin-user-role-select').selectOption('moderator');
    await admin.page.getByTestId('admin-user-role-save').click();
    await toast(admin.page, 'success', 'The role has been changed.');
    await expect.poll(() => admin.page.getByTestId('admin-user-role').innerText()).toBe('Moderator');

    // The user, and a company to review.
    const user = await session.visitor('en');
    const account = await register(user.context, user.page, 'en', 'sn');
    await user.page.goto('/search?categories=Brokers');
    const card = user.page.getByTestId('company-card').first();
    await card.waitFor();
    const companyId = new URLSearchParams((await card.locator('a').first().getAttribute('href'))!.split('?')[1]).get('id')!;

    // The admin restricts the user from /admin/users: 3 days, spam, with a reason.
    await openUser(admin.page, account.username);
    await admin.page.getByTestId('admin-sanction-kind').selectOption('restrict');
    await admin.page.getByTestId('admin-sanction-days').fill('3');
    await admin.page.getByTestId('admin-sanction-rule').selectOption('spam');
    // The reason is required, said next to the field.
    await admin.page.getByTestId('admin-sanction-submit').click();
    await admin.page.getByText('Please give the reason (the user will read it).', { exact: true }).waitFor();
    await admin.page.getByTestId('admin-sanction-reason').fill('Links to a promotion in every comment.');
    await admin.page.getByTestId('admin-sanction-submit').click();
    await toast(admin.page, 'success', 'The sanction has been applied. The user has been notified.');
    const imposed = admin.page.getByTestId('admin-sanction').first();
    await imposed.waitFor();
    expect(await imposed.innerText()).toContain('Posting restricted');

    // The user reads the notice: the rule, the reason, the way to appeal.
    await user.page.goto('/user/notice');
    const notice = user.page.getByTestId('notice-item').filter({ hasText: 'Links to a promotion in every comment.' });
    await expect.poll(async () => (await user.page.reload(), await notice.count()), { timeout: 15_000, interval: 500 }).toBe(1);
    const noticeText = await notice.innerText();
    expect(noticeText).toMatch(/You cannot post until \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC for spam or advertising\./);
    expect(noticeText).toContain('You can appeal it from your account.');
    expect(await notice.getByRole('link', { name: 'See my sanctions' }).getAttribute('href')).toBe('/user/sanctions');

    // Posting is refused with the translated message.
    await submitReview(user.page, companyId);
    await toast(user.page, 'error', 'You cannot post until');
    const failure = user.page.getByTestId('review-failure');
    await failure.waitFor();
    expect(await failure.innerText()).toMatch(/^You cannot post until \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC \(Links to a promotion in every comment\.\)\.$/);

    // The appeal: 10 to 1000 characters, once.
    await user.page.goto('/user/sanctions');
    await hydrated(user.page);
    const item = user.page.getByTestId('sanction-item').first();
    expect(await item.innerText()).toContain('Spam or advertising');
    await item.getByTestId('appeal-text').fill('Too short');
    await item.getByTestId('appeal-submit').click();
    await item.getByText('Your appeal must be 10 to 1000 characters.', { exact: true }).waitFor();
    await item.getByTestId('appeal-text').fill('The links were to my own broker reviews on this site, not promotions.');
    await item.getByTestId('appeal-submit').click();
    await toast(user.page, 'success', 'Your appeal has been sent. Another moderator will review it.');
    await item.getByTestId('appeal-summary').filter({ hasText: 'Waiting for a second moderator to decide.' }).waitFor();
    expect(await item.getByTestId('appeal-form').count()).toBe(0);

    // The moderator sees only the moderation screens, and lifts the sanction from /admin/appeals.
    await mod.page.goto('/admin/appeals');
    await hydrated(mod.page);
    expect(await mod.page.getByTestId('admin-nav-promotions').count()).toBe(0);
    await mod.page.getByTestId('admin-nav-users').waitFor();
    const appeal = mod.page.getByTestId('admin-appeal').filter({ hasText: account.username });
    await appeal.waitFor();
    await appeal.getByTestId('admin-appeal-reason').fill('The links were to reviews on this site.');
    await appeal.getByTestId('admin-appeal-lift').click();
    await toast(mod.page, 'success', 'The appeal was accepted and the sanction lifted. The user has been notified.');

    // The user is told, and can post again.
    await user.page.goto('/user/notice');
    const lifted = user.page.getByTestId('notice-item').filter({ hasText: 'Your appeal was accepted' });
    await expect.poll(async () => (await user.page.reload(), await lifted.count()), { timeout: 15_000, interval: 500 }).toBe(1);
    await submitReview(user.page, companyId);
    await toast(user.page, 'success', 'Your review is pending');
  });
});
