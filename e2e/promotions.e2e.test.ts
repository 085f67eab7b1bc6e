/**
 * Promotions in a real browser against a running site, in both languages: the demo admin
 * (`E2E_ADMIN_EMAIL`, `E2E_ADMIN_PASSWORD`; `npm test` sets them) finds the admin screen from the
 * account menu, gets field messages in the page's language, creates a promotion; a visitor sees it
 * on /promotion with the sponsored label, opens its article on /essay (with and without script);
 * the admin deletes it and its page is gone. Every run creates its own promotion.
 */
import type { BrowserContextOptions, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CJK, browserSession, hydrated } from './browser.ts';
import { signIn } from './users.ts';

type Lang = 'en' | 'zh-CN';

const ADMIN_EMAIL = process.env.E2E_ADMIN_EMAIL;
const ADMIN_PASSWORD = process.env.E2E_ADMIN_PASSWORD;

const session = browserSession();
const visitor = async (lang: Lang, options: BrowserContextOptions = {}): Promise<Page> => (await session.visitor(lang, options)).page;

const TEXT = {
  en: {
    menuLink: 'Manage promotions',
    pageTitle: 'Manage promotions',
    company: 'Company id',
    titleEn: 'Title (English)',
    titleZh: 'Title (Chinese)',
    summaryEn: 'Summary (English)',
    summaryZh: 'Summary (Chinese)',
    bodyEn: 'Text (English)',
    bodyZh: 'Text (Chinese)',
    termsEn: 'Terms and conditions (English)',
    termsZh: 'Terms and conditions (Chinese)',
    titleEnRequired: 'Please enter the English title.',
    summaryZhLength: 'The Chinese summary must be 20 to 300 characters.',
    saved: 'The promotion has been saved.',
    deleted: 'The promotion has been deleted.',
    deleteYes: 'Yes, delete',
    nav: 'Promotions',
    listTitle: 'Broker promotions',
    badge: 'Sponsored',
    essayBadge: 'Sponsored promotion',
    openAccount: 'Open account',
    terms: 'Terms and conditions',
  },
  'zh-CN': {
    menuLink: '推广管理',
    pageTitle: '推广活动管理',
    company: '公司 ID',
    titleEn: '标题（英文）',
    titleZh: '标题（中文）',
    summaryEn: '摘要（英文）',
    summaryZh: '摘要（中文）',
    bodyEn: '正文（英文）',
    bodyZh: '正文（中文）',
    termsEn: '活动条款（英文）',
    termsZh: '活动条款（中文）',
    titleEnRequired: '请输入英文标题。',
    summaryZhLength: '中文摘要长度须为 20 到 300 个字符。',
    saved: '推广活动已保存。',
    deleted: '推广活动已删除。',
    deleteYes: '确定删除',
    nav: '优惠活动',
    listTitle: '经纪商优惠活动',
    badge: '推广',
    essayBadge: '推广内容',
    openAccount: '开户',
    terms: '活动条款',
  },
} as const;

const signInAsAdmin = (page: Page, lang: Lang): Promise<void> => signIn(page, ADMIN_EMAIL!, ADMIN_PASSWORD!, lang);

describe.each(['en', 'zh-CN'] as const)('promotions (%s)', (lang) => {
  it('an admin creates a promotion; a visitor sees it labelled as sponsored and reads it; the admin deletes it', async () => {
    // Never a silent pass: the demo admin is required (npm test sets these; npm start prints the credentials).
    if (!ADMIN_EMAIL || !ADMIN_PASSWORD) throw new Error('E2E_ADMIN_EMAIL and E2E_ADMIN_PASSWORD are required');
    const t = TEXT[lang];
    const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
    const titleEn = `Cashback week ${run}: $5 back per lot`;
    const titleZh = `返现周 ${run}：每手返还5美元`;
    const summaryEn = 'A cash rebate of $5 on every standard lot of forex you trade during the campaign week.';
    const summaryZh = '活动周内每交易一标准手外汇，即可获得5美元现金返还，次日结算至交易账户。';

    // The admin: the account menu leads to the screen.
    const admin = await visitor(lang);
    await signInAsAdmin(admin, lang);
    // A broker (every demo broker has an open-account link, so the essay must show it as sponsored).
    await admin.goto('/listing/Brokers');
    const brokerHref = (await admin.locator('[data-testid="company-card"] a[href^="/detail?id="]').first().getAttribute('href'))!;
    const companyId = new URLSearchParams(brokerHref.split('?')[1]).get('id')!;
    expect(companyId).toMatch(/^[a-z0-9-]+$/);
    await admin.goto('/');
    await hydrated(admin);
    const menu = admin.locator('header details:has([data-testid="admin-promotions-link"]):visible').first();
    await menu.locator('summary').click();
    const link = menu.getByTestId('admin-promotions-link');
    expect(await link.innerText()).toBe(t.menuLink);
    expect(await link.getAttribute('href')).toBe('/admin/promotions');
    await Promise.all([admin.waitForURL('**/admin/promotions'), link.click()]);
    await admin.getByTestId('promo-admin-form').waitFor();
    expect(await admin.locator('h1').innerText()).toBe(t.pageTitle);

    // The form suggests it.
    expect(await admin.locator(`#promo-companies option[value="${companyId}"]`).count()).toBe(1);

    // Broken: no English title and a short Chinese summary; messages under the fields, in the page's language.
    const form = admin.getByTestId('promo-admin-form');
    await form.getByLabel(t.company, { exact: true }).fill(companyId);
    await form.getByLabel(t.titleZh, { exact: true }).fill(titleZh);
    await form.getByLabel(t.summaryEn, { exact: true }).fill(summaryEn);
    await form.getByLabel(t.summaryZh, { exact: true }).fill('太短了');
    await form.getByLabel(t.bodyEn, { exact: true }).fill(`Trade any major forex pair during the campaign week and receive $5 per standard lot.\n\nRisk warning: most retail investor accounts lose money when trading CFDs.`);
    await form.getByLabel(t.bodyZh, { exact: true }).fill('活动周内交易任意主要货币对，每标准手即可获得5美元返现，返现于次日结算。\n\n风险提示：大多数零售投资者账户在交易差价合约时出现亏损。');
    await form.getByLabel(t.termsEn, { exact: true }).fill('Rebates are paid on closed trades only.');
    await form.getByLabel(t.termsZh, { exact: true }).fill('返现仅适用于已平仓交易。');
    await admin.getByTestId('promo-admin-submit').click();
    expect(await admin.getByTestId('promo-error-titleEn').innerText()).toBe(t.titleEnRequired);
    expect(await admin.getByTestId('promo-error-summaryZh').innerText()).toBe(t.summaryZhLength);
    expect(await admin.getByTestId('promo-error-bodyEn').count()).toBe(0);
    // What was typed is still there.
    expect(await form.getByLabel(t.titleZh, { exact: true }).inputValue()).toBe(titleZh);

    // Fixed and saved: it runs from now (the form's default start) until further notice.
    await form.getByLabel(t.titleEn, { exact: true }).fill(titleEn);
    await form.getByLabel(t.summaryZh, { exact: true }).fill(summaryZh);
    await admin.getByTestId('promo-admin-submit').click();
    const saved = admin.getByTestId('promo-admin-saved');
    await saved.waitFor();
    expect(await saved.innerText()).toContain(t.saved);
    const view = await admin.getByTestId('promo-admin-saved-view').getAttribute('href');
    expect(view).toMatch(/^\/essay\?id=[a-z0-9-]+$/);
    const id = new URLSearchParams(view!.split('?')[1]).get('id')!;
    expect(await admin.locator(`[data-testid="promo-admin-item"][data-promotion-id="${id}"]`).count()).toBe(1);

    // A visitor: the header's Promotions item (and the footer) lead to the list, which shows it
    // (newest start first), labelled as sponsored.
    const page = await visitor(lang);
    await page.goto('/');
    expect(await page.locator('footer a[href="/promotion"]').count()).toBe(1);
    const nav = page.locator('header a[href="/promotion"]:visible').first();
    expect(await nav.innerText()).toBe(t.nav);
    await Promise.all([page.waitForURL('**/promotion'), nav.click()]);
    await page.getByTestId('promotion-list').waitFor();
    expect(await page.locator('h1').innerText()).toBe(t.listTitle);
    const card = page.locator(`[data-testid="promotion-card"][data-promotion-id="${id}"]`);
    await card.waitFor();
    expect(await card.getByTestId('sponsored-label').innerText()).toMatch(new RegExp(`^${t.badge}$`, 'i'));
    expect(await card.getByTestId('promotion-title').innerText()).toBe(lang === 'en' ? titleEn : titleZh);
    expect(await card.getByTestId('promotion-company').getAttribute('href')).toBe(`/detail?id=${companyId}`);
    const companyName = await card.getByTestId('promotion-company').innerText();
    if (lang === 'zh-CN') expect(await card.innerText()).toMatch(CJK);

    // Its article: the label at the top, the body in paragraphs, the company, the terms.
    await Promise.all([page.waitForURL(`**/essay?id=${id}`), card.getByTestId('promotion-title').click()]);
    const essay = page.getByTestId('essay');
    await essay.waitFor();
    expect(await essay.getByTestId('sponsored-label').innerText()).toMatch(new RegExp(`^${t.essayBadge}$`, 'i'));
    expect(await essay.locator('h1').innerText()).toBe(lang === 'en' ? titleEn : titleZh);
    expect(await page.title()).toContain(lang === 'en' ? titleEn : titleZh);
    const paragraphs = await page.getByTestId('essay-body').locator('p').allInnerTexts();
    expect(paragraphs).toHaveLength(2);
    expect(paragraphs[1]).toMatch(lang === 'en' ? /^Risk warning/ : /^风险提示/);
    expect(await page.getByTestId('essay-terms').locator('h2').innerText()).toBe(t.terms);
    const company = page.getByTestId('essay-company');
    expect(await company.locator('h2').innerText()).toBe(companyName);
    expect(await page.getByTestId('essay-company-link').getAttribute('href')).toBe(`/detail?id=${companyId}`);
    const open = page.getByTestId('essay-open-account');
    expect(await open.getAttribute('rel')).toBe('sponsored noopener nofollow');
    expect(await open.innerText()).toContain(t.openAccount);
    expect(await page.getByTestId('essay-ended').count()).toBe(0);
    const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent())!);
    expect(jsonLd).toMatchObject({ '@type': 'Article', sponsor: { '@type': 'Organization', name: companyName }, about: { name: companyName } });

    // The same pages without script.
    const plain = await visitor(lang, { javaScriptEnabled: false });
    await plain.goto('/promotion');
    expect(await plain.locator(`[data-testid="promotion-card"][data-promotion-id="${id}"]`).count()).toBe(1);
    await plain.goto(`/essay?id=${id}`);
    expect(await plain.getByTestId('essay-body').locator('p').count()).toBe(2);

    // The admin deletes it (a confirmation first); its page is gone at once.
    await admin.goto(`/admin/promotions?delete=${id}`);
    await admin.getByRole('button', { name: t.deleteYes, exact: true }).click();
    expect(await admin.getByTestId('promo-admin-deleted').innerText()).toContain(t.deleted);
    const gone = await page.goto(`/essay?id=${id}`);
    expect(gone?.status()).toBe(404);
    await page.goto('/promotion');
    expect(await page.locator(`[data-testid="promotion-card"][data-promotion-id="${id}"]`).count()).toBe(0);
  });

  it('answers 404 for an unknown promotion, and the admin screen is not there for visitors', async () => {
    const page = await visitor(lang);
    expect((await page.goto('/essay?id=no-such-promotion'))?.status()).toBe(404);
    expect((await page.goto('/admin/promotions'))?.status()).toBe(404);
  });
});
