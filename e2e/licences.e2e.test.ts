/**
 * The licence register (issue 19) in a real browser: a visitor signs up and follows a company; the
 * demo admin (`E2E_ADMIN_EMAIL`, `E2E_ADMIN_PASSWORD`; `npm test` sets them) revokes its licence
 * in the console with a screenshot of the regulator's register; the company page's timeline shows
 * the entry with its evidence link and SHA-256 (in English and Chinese), and the follower finds
 * the notice. Every run creates its own company.
 */
import { createHash } from 'node:crypto';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { browserSession, hydrated } from './browser.ts';
import { register } from './users.ts';

const ADMIN_EMAIL = process.env.E2E_ADMIN_EMAIL;
const ADMIN_PASSWORD = process.env.E2E_ADMIN_PASSWORD;
const session = browserSession();

async function signInAsAdmin(page: Page): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email or user name', { exact: true }).fill(ADMIN_EMAIL!);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN_PASSWORD!);
  await page.getByRole('checkbox', { name: /I have read and agree/ }).check();
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/', { timeout: 15_000 });
}

/** A company with one FCA licence, through the console's form; its slug. */
async function createCompany(admin: Page, name: string, licenceNo: string): Promise<string> {
  await admin.goto('/admin/companies?new=1');
  const form = admin.getByTestId('company-admin-form');
  await form.getByLabel('Name (English)', { exact: true }).fill(name);
  await form.getByLabel('Country or region', { exact: true }).selectOption('GB');
  await form.getByLabel('Short description (English)', { exact: true }).fill('A broker with a licence history.');
  await form.getByLabel('Short description (Chinese)', { exact: true }).fill('一家有牌照历史的经纪商。');
  const licence = form.getByTestId('company-licence-row').first();
  await licence.getByLabel('Regulator', { exact: true }).fill('FCA');
  await licence.getByLabel('Licence number', { exact: true }).fill(licenceNo);
  await licence.getByLabel('Licensed entity', { exact: true }).fill(`${name} Ltd`);
  await admin.getByTestId('company-admin-submit').click();
  await admin.locator('[data-testid="company-admin-saved"], [data-testid="company-admin-failure"]').first().waitFor();
  expect(await admin.locator('[data-testid^="company-error-"], [data-testid="company-admin-failure"]').allInnerTexts()).toEqual([]);
  return new URL(admin.url()).searchParams.get('id')!;
}

describe('licence register', () => {
  it('an admin revokes a licence with evidence: the company page timeline shows it with its hash, and a follower is told', async () => {
    // Never a silent pass: the demo admin is required (npm test sets these).
    if (!ADMIN_EMAIL || !ADMIN_PASSWORD) throw new Error('E2E_ADMIN_EMAIL and E2E_ADMIN_PASSWORD are required');
    const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
    const licenceNo = `9${Math.floor(Math.random() * 900_000 + 100_000)}`;
    const { page: admin } = await session.visitor('en');
    await signInAsAdmin(admin);
    const slug = await createCompany(admin, `Harbourlight Markets ${run}`, licenceNo);

    // A visitor signs up and follows the company from its page.
    const fan = await session.visitor('en');
    await register(fan.context, fan.page, 'en', 'lf');
    await fan.page.goto(`/detail?id=${slug}`);
    await hydrated(fan.page);
    expect(await fan.page.getByTestId('licence-register').innerText()).toContain('No status changes recorded yet.');
    const follow = fan.page.getByTestId('company-follow');
    expect(await follow.innerText()).toBe('Follow');
    await follow.click();
    await expect.poll(() => follow.getAttribute('aria-pressed')).toBe('true');
    expect(await follow.innerText()).toBe('Following');

    // The admin records the revocation with a screenshot of the regulator's register.
    const screenshot = await sharp({ create: { width: 320, height: 200, channels: 3, background: '#b3261e' } }).png().toBuffer();
    const sha = createHash('sha256').update(screenshot).digest('hex');
    await admin.goto(`/admin/companies?id=${slug}`);
    const panel = admin.getByTestId('company-admin-licence-panel');
    // Without a note: the message under the field, nothing recorded.
    await panel.getByLabel('New status', { exact: true }).selectOption('revoked');
    await panel.getByLabel('Effective date', { exact: true }).fill('2026-11-20');
    await panel.getByTestId('licence-submit').click();
    expect(await admin.getByTestId('licence-note-error').innerText()).toBe('Please write a note saying what changed.');
    const again = admin.getByTestId('company-admin-licence-panel');
    await again.getByLabel('New status', { exact: true }).selectOption('revoked');
    await again.getByLabel('Effective date', { exact: true }).fill('2026-11-20');
    await again.getByLabel('Note', { exact: true }).fill('The FCA register lists the permission as cancelled.');
    await again.getByLabel('Evidence: the register page as a PDF or a screenshot', { exact: true }).setInputFiles({ name: 'fca-register.png', mimeType: 'image/png', buffer: screenshot });
    await again.getByTestId('licence-submit').click();
    // Recorded: the page reloads with the notice (a refusal names its fields instead).
    const recorded = admin.getByTestId('company-admin-licence');
    await recorded.waitFor({ timeout: 20_000 }).catch(async () => {
      throw new Error(`not recorded: ${(await admin.locator('[data-testid^="licence-"][data-testid$="-error"], [role="alert"]').allInnerTexts()).join(' | ')}`);
    });
    expect(await recorded.innerText()).toContain('The licence status has been recorded');

    // The company page: the licence reads Revoked, the timeline shows the entry, its evidence and hash.
    await fan.page.goto(`/detail?id=${slug}`);
    expect(await fan.page.getByTestId('licences-table').innerText()).toContain('Revoked');
    const entry = fan.page.getByTestId('licence-entry').first();
    expect(await entry.getAttribute('data-status')).toBe('revoked');
    const text = await entry.innerText();
    expect(text).toContain('Revoked');
    expect(text).toContain('The FCA register lists the permission as cancelled.');
    expect(text).toContain('Nov 20, 2026');
    expect(await entry.getByTestId('licence-evidence-sha256').innerText()).toBe(sha);
    const href = await entry.getByTestId('licence-evidence-link').getAttribute('href');
    expect(href).toBe(`/media/licence-evidence/${sha}.png`);
    // The file as served hashes to what the page says.
    const served = await fan.page.request.get(href!);
    expect(createHash('sha256').update(await served.body()).digest('hex')).toBe(sha);

    // In Chinese too.
    const zh = await session.visitor('zh-CN');
    await zh.page.goto(`/detail?id=${slug}`);
    const zhText = await zh.page.getByTestId('licence-register').innerText();
    expect(zhText).toContain('牌照历史');
    expect(zhText).toContain('已撤销');
    expect(zhText).toContain(sha);

    // The follower's notice, linking to the company's licences.
    await expect
      .poll(
        async () => {
          await fan.page.goto('/user/notice');
          return fan.page.getByTestId('notice-item').filter({ hasText: `licence ${licenceNo} is revoked` }).count();
        },
        { timeout: 20_000, interval: 250 },
      )
      .toBe(1);
    const item = fan.page.getByTestId('notice-item').filter({ hasText: `licence ${licenceNo} is revoked` });
    expect(await item.getAttribute('data-kind')).toBe('licence_status_changed');
    expect(await item.innerText()).toContain('Licence status changed');
  });
});
