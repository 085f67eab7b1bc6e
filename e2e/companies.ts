import type { BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { CompanyClaimStarted } from '@brokerwise/api-contract';
import { apiPost, mailText, register, type Account } from './users.ts';

/** A company with a website, through the console's form (an admin's page); its slug. */
export async function createCompany(admin: Page, name: string, website: string): Promise<string> {
  await admin.goto('/admin/companies?new=1');
  const form = admin.getByTestId('company-admin-form');
  await form.getByLabel('Name (English)', { exact: true }).fill(name);
  await form.getByLabel('Name (Chinese)', { exact: true }).fill(`码头市场 ${name.split(' ').pop()}`);
  await form.getByLabel('Website', { exact: true }).fill(website);
  await form.getByLabel('Country or region', { exact: true }).selectOption('GB');
  await form.getByLabel('Short description (English)', { exact: true }).fill('A broker that answers its reviews.');
  await form.getByLabel('Short description (Chinese)', { exact: true }).fill('一家会回复点评的经纪商。');
  await admin.getByTestId('company-admin-submit').click();
  await admin.locator('[data-testid="company-admin-saved"], [data-testid="company-admin-failure"]').first().waitFor();
  expect(await admin.locator('[data-testid^="company-error-"], [data-testid="company-admin-failure"]').allInnerTexts()).toEqual([]);
  return new URL(admin.url()).searchParams.get('id')!;
}

/**
 * A verified representative of `slug` made through the API (the claim's pages have their own
 * browser test): a company account registers, claims the company with `mailbox` (at the company's
 * domain), enters the mailed code, and the admin (`adminContext`) approves it.
 */
export async function representativeOf(
  rep: { context: BrowserContext; page: Page },
  adminContext: BrowserContext,
  slug: string,
  mailbox: string,
): Promise<Account> {
  const account = await register(rep.context, rep.page, 'en', 'rp', { company: true });
  const started = await apiPost<CompanyClaimStarted>(rep.context, 'en', '/api/user/companyClaim', { company: slug, email: mailbox });
  const code = /\b(\d{6})\b/.exec(await mailText(rep.context, mailbox, /\b\d{6}\b/))![1]!;
  await apiPost(rep.context, 'en', '/api/user/companyClaimVerify', { claimId: started.claim.id, code });
  await apiPost(adminContext, 'en', '/api/admin/companyClaims/decide', { claimId: started.claim.id, decision: 'approve' });
  return account;
}
