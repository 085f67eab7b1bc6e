/**
 * Deleting an account from the admin console in a real browser (issue 17): the demo admin
 * (`E2E_ADMIN_EMAIL`, `E2E_ADMIN_PASSWORD`) opens a new user in /admin/users, is asked for a reason
 * (in Chinese too), confirms, and sees the account deleted; the user can no longer sign in, and
 * /admin/audit lists the deletion. Every user is new.
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
  });
});
