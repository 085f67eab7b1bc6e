/**
 * Deleting an account from the admin console in a real browser (issue 17): the demo admin
 * (`E2E_ADMIN_EMAIL`, `E2E_ADMIN_PASSWORD`) opens a new user in /admin/users, is asked for a reason
 * (in Chinese too), confirms, and sees the account deleted; the user can no longer sign in, and
 * /admin/audit lists the deletion in its merged view, filtered by area and by actor. Every user is new.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserSession, hydrated } from './browser.ts';
import { register, signIn } from './users.ts';

const session = browserSession();
const ADMIN_EMAIL = process.env.E2E_ADMIN_EMAIL;
const ADMIN_PASSWORD = process.env.E2E_ADMIN_PASSWORD;

async function openUser(page: Page, username: string): Promise<void> {
  await page.goto('/admin/users');
  await hydrated(page);
  await page.getByTestId('admin-users-keyword').fill(username);
  await Promise.all([page.waitForURL((url) => url.searchParams.get('keyword') === username), page.getByTestId('admin-users-search').click()]);
  await Promise.all([page.waitForURL((url) => url.searchParams.has('id')), page.getByTestId('admin-users-open').filter({ hasText: username }).click()]);
  await page.getByTestId('admin-user-detail').waitFor();
  await hydrated(page);
}

describe('admin console: deleting an account', () => {
  it('asks for a reason and a confirmation, erases the account, which can no longer sign in; the audit shows it', async () => {
    if (!ADMIN_EMAIL || !ADMIN_PASSWORD) throw new Error('E2E_ADMIN_EMAIL and E2E_ADMIN_PASSWORD are required');
    const user = await session.visitor('en');
    const account = await register(user.context, user.page, 'en', 'dl');

    const admin = await session.visitor('zh-CN');
    await signIn(admin.page, ADMIN_EMAIL, ADMIN_PASSWORD, 'zh-CN');
    await openUser(admin.page, account.username);
    // No reason: the field says so, in the page's language, and nothing is sent.
    await admin.page.getByTestId('admin-delete-submit').click();
    await admin.page.getByText('请填写删除该账户的理由。').waitFor();
    await admin.page.getByTestId('admin-delete-reason').fill('用户书面要求删除账户');
    admin.page.once('dialog', (dialog) => {
      expect(dialog.message()).toContain(account.username);
      void dialog.accept();
    });
    await admin.page.getByTestId('admin-delete-submit').click();
    await expect.poll(() => admin.page.getByTestId('admin-user-status').innerText(), { timeout: 15_000 }).toBe('已删除');
    await expect.poll(() => admin.page.getByTestId('admin-delete-form').count()).toBe(0);
    expect(await admin.page.getByTestId('admin-user-name').innerText()).not.toBe(account.username);

    // The user's session has ended, and signing in again is refused.
    await user.page.goto('/login');
    await hydrated(user.page);
    await user.page.getByLabel('Email or user name', { exact: true }).fill(account.email);
    await user.page.getByLabel('Password', { exact: true }).fill(account.password);
    await user.page.getByRole('checkbox', { name: /I have read and agree/ }).check();
    await user.page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect.poll(() => user.page.getByLabel('Password', { exact: true }).getAttribute('aria-invalid'), { timeout: 15_000 }).toBe('true');
    expect(new URL(user.page.url()).pathname).toBe('/login');

    // One audit view, newest first: the deletion is there, with the reason, in Chinese.
    await admin.page.goto('/admin/audit');
    await hydrated(admin.page);
    const row = admin.page.locator('[data-testid="audit-row"][data-area="identity"][data-action="account.delete"]').first();
    await row.waitFor();
    expect(await row.innerText()).toContain('删除账户');
    expect(await row.innerText()).toContain('用户书面要求删除账户');
    // By area: accounts only.
    await admin.page.getByTestId('audit-filter-area').selectOption('identity');
    await Promise.all([admin.page.waitForURL((url) => url.searchParams.get('area') === 'identity'), admin.page.getByTestId('audit-filter-submit').click()]);
    await row.waitFor();
    const areas = await admin.page.locator('[data-testid="audit-row"]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-area')));
    expect(new Set(areas)).toEqual(new Set(['identity']));
    // By actor: following the admin's name keeps only what the admin did.
    await Promise.all([admin.page.waitForURL((url) => url.searchParams.has('actor')), row.getByRole('link').first().click()]);
    await row.waitFor();
    // The content area opens the moderation log with its own filters.
    await admin.page.goto('/admin/audit?area=content');
    await admin.page.getByTestId('audit-all-areas').waitFor();
    await admin.page.getByTestId('audit-filter-action').waitFor();
  });
});
