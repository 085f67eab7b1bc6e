/**
 * The admin console's companies (issue 17) in a real browser, in both languages: the demo admin
 * (`E2E_ADMIN_EMAIL`, `E2E_ADMIN_PASSWORD`; `npm test` sets them) gets field messages in the
 * page's language, creates a company; a visitor finds it in /search (fed by events, so polled) and
 * in its category listing; the admin merges a second company into it and the second one's old
 * /detail?id= link answers a 301 to the first. A logo the admin uploads shows on the listing card
 * and the company page. Every run creates its own companies.
 */
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { browserSession } from './browser.ts';

type Lang = 'en' | 'zh-CN';

const ADMIN_EMAIL = process.env.E2E_ADMIN_EMAIL;
const ADMIN_PASSWORD = process.env.E2E_ADMIN_PASSWORD;
const session = browserSession();
/** A real 48×40 PNG of one colour: the site keeps a logo this small as it is, so the shown image's size proves it is this one. */
const LOGO = { width: 48, height: 40 };
const logoPng = () =>
  sharp({ create: { ...LOGO, channels: 4, background: { r: Math.floor(Math.random() * 256), g: 116, b: 144, alpha: 1 } } })
    .png()
    .toBuffer();
/**
 * The image has loaded and is the uploaded one: the pixels of the file it shows (its own size, not a
 * placeholder's). Read from a fresh Image of `currentSrc`: the element's naturalWidth is scaled by
 * the srcset's width descriptor, and a logo smaller than a listed width is stored at its own size.
 */
const naturalSize = async (img: HTMLImageElement) => {
  if (!img.complete || !img.currentSrc) return null;
  const probe = new Image();
  probe.src = img.currentSrc;
  await probe.decode();
  return { width: probe.naturalWidth, height: probe.naturalHeight };
};

const TEXT = {
  en: {
    account: 'Email or user name',
    password: 'Password',
    agree: /I have read and agree/,
    signIn: 'Sign in',
    nav: 'Companies',
    name: 'Name (English)',
    nameZh: 'Name (Chinese)',
    country: 'Country or region',
    descriptionEn: 'Short description (English)',
    descriptionZh: 'Short description (Chinese)',
    website: 'Website',
    regulator: 'Regulator',
    licenceNo: 'Licence number',
    entity: 'Licensed entity',
    nameRequired: 'Please enter the English name.',
    websiteFormat: 'Please enter a web address starting with https://.',
    saved: 'The company has been saved.',
    findTarget: 'Find the company to keep',
    reason: 'Reason (kept in the audit log)',
  },
  'zh-CN': {
    account: '邮箱或用户名',
    password: '密码',
    agree: /我已阅读并同意/,
    signIn: '登录',
    nav: '公司管理',
    name: '名称（英文）',
    nameZh: '名称（中文）',
    country: '国家或地区',
    descriptionEn: '简介（英文）',
    descriptionZh: '简介（中文）',
    website: '官网',
    regulator: '监管机构',
    licenceNo: '牌照号码',
    entity: '持牌主体',
    nameRequired: '请输入英文名称。',
    websiteFormat: '请输入以 https:// 开头的网址。',
    saved: '公司信息已保存。',
    findTarget: '查找要保留的公司',
    reason: '理由（将记录在审计日志中）',
  },
} as const;

async function signInAsAdmin(page: Page, lang: Lang): Promise<void> {
  const t = TEXT[lang];
  await page.goto('/login');
  await page.getByLabel(t.account, { exact: true }).fill(ADMIN_EMAIL!);
  await page.getByLabel(t.password, { exact: true }).fill(ADMIN_PASSWORD!);
  await page.getByRole('checkbox', { name: t.agree }).check();
  await page.getByRole('button', { name: t.signIn, exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/', { timeout: 15_000 });
}

/** Creates a company through the console's form; its slug (from the page it lands on). */
async function createCompany(admin: Page, lang: Lang, name: string): Promise<string> {
  const t = TEXT[lang];
  await admin.goto('/admin/companies');
  await Promise.all([admin.waitForURL('**/admin/companies?new=1'), admin.getByTestId('company-admin-new').click()]);
  const form = admin.getByTestId('company-admin-form');
  await form.getByLabel(t.name, { exact: true }).fill(name);
  await form.getByLabel(t.nameZh, { exact: true }).fill(`灯塔 ${name.split(' ').pop()}`);
  await form.getByLabel(t.country, { exact: true }).selectOption('GB');
  await form.getByLabel(t.descriptionEn, { exact: true }).fill('A broker created from the admin console.');
  await form.getByLabel(t.descriptionZh, { exact: true }).fill('通过管理后台创建的经纪商。');
  await form.getByLabel(t.website, { exact: true }).fill('https://lighthouse.example');
  const licence = form.getByTestId('company-licence-row').first();
  await licence.getByLabel(t.regulator, { exact: true }).fill('FCA');
  await licence.getByLabel(t.licenceNo, { exact: true }).fill('700123');
  await licence.getByLabel(t.entity, { exact: true }).fill(`${name} Ltd`);
  await admin.getByTestId('company-admin-submit').click();
  await admin.locator('[data-testid="company-admin-saved"], [data-testid="company-admin-failure"]').first().waitFor();
  // Refused: name the fields in the failure, so a broken form says why.
  expect(await admin.locator('[data-testid^="company-error-"], [data-testid="company-admin-failure"]').allInnerTexts()).toEqual([]);
  expect(await admin.getByTestId('company-admin-saved').innerText()).toContain(t.saved);
  return new URL(admin.url()).searchParams.get('id')!;
}

describe.each(['en', 'zh-CN'] as const)('admin console: companies (%s)', (lang) => {
  it('an admin creates a company; it is in search and the listing; a merge keeps old links working', async () => {
    // Never a silent pass: the demo admin is required (npm test sets these).
    if (!ADMIN_EMAIL || !ADMIN_PASSWORD) throw new Error('E2E_ADMIN_EMAIL and E2E_ADMIN_PASSWORD are required');
    const t = TEXT[lang];
    const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
    const name = `Lighthouse Markets ${run}`;

    const { page: admin } = await session.visitor(lang);
    await signInAsAdmin(admin, lang);
    await admin.goto('/admin/companies');
    const navLink = admin.getByTestId('admin-nav-companies');
    expect(await navLink.innerText()).toBe(t.nav);

    // Broken first: messages under the fields, in the page's language; what was typed stays.
    await admin.goto('/admin/companies?new=1');
    const form = admin.getByTestId('company-admin-form');
    await form.getByLabel(t.website, { exact: true }).fill('lighthouse');
    await admin.getByTestId('company-admin-submit').click();
    expect(await admin.getByTestId('company-error-name').innerText()).toBe(t.nameRequired);
    expect(await admin.getByTestId('company-error-website').innerText()).toBe(t.websiteFormat);
    expect(await form.getByLabel(t.website, { exact: true }).inputValue()).toBe('lighthouse');

    const slug = await createCompany(admin, lang, name);
    expect(slug).toBe(`lighthouse-markets-${run}`);

    // A visitor: search is fed by events, so it may take a moment; the listing reads the catalogue.
    const { page: visitor } = await session.visitor(lang);
    const card = `[data-testid="company-card"] a[href="/detail?id=${slug}"]`;
    await expect
      .poll(
        async () => {
          await visitor.goto(`/search?${new URLSearchParams({ keyword: name })}`);
          return visitor.locator(card).count();
        },
        { timeout: 30_000, interval: 500 },
      )
      .toBeGreaterThan(0);
    await visitor.goto('/listing/Brokers?order=newest');
    expect(await visitor.locator(card).count()).toBeGreaterThan(0);

    // A duplicate, merged into the first from its edit page (the target picked by search).
    const dup = await createCompany(admin, lang, `Lighthouse Duplicate ${run}`);
    await admin.getByLabel(t.findTarget, { exact: true }).fill(name);
    await Promise.all([admin.waitForURL((url) => url.searchParams.has('mergeq')), admin.getByTestId('company-merge-search-submit').click()]);
    await admin.getByTestId(`company-merge-into-${slug}`).check();
    await admin.getByTestId('company-merge-reason').fill('Duplicate entry');
    await Promise.all([admin.waitForURL((url) => url.searchParams.get('merged') === dup), admin.getByTestId('company-admin-merge-submit').click()]);
    expect(new URL(admin.url()).searchParams.get('id')).toBe(slug);

    // The old link: a permanent redirect to the survivor, and the browser lands there.
    const answer = await visitor.request.get(`/detail?id=${dup}`, { maxRedirects: 0 });
    expect(answer.status()).toBe(301);
    expect(answer.headers().location).toBe(`/detail?id=${slug}`);
    await visitor.goto(`/detail?id=${dup}`);
    expect(new URL(visitor.url()).searchParams.get('id')).toBe(slug);
    expect(await visitor.locator('h1').first().innerText()).toContain(lang === 'en' ? name : `灯塔 ${run}`);
  });

  it('an admin uploads a logo, checked by content; the listing card and the company page show it', async () => {
    if (!ADMIN_EMAIL || !ADMIN_PASSWORD) throw new Error('E2E_ADMIN_EMAIL and E2E_ADMIN_PASSWORD are required');
    const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
    const { page: admin } = await session.visitor(lang);
    await signInAsAdmin(admin, lang);
    const slug = await createCompany(admin, lang, `Lighthouse Logo ${run}`);
    expect(await admin.getByTestId('company-admin-logo-image').count()).toBe(0);

    // Text named .png: refused by its content, the message under the field in the page's language.
    await admin.getByTestId('company-logo-file').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>') });
    await admin.getByTestId('company-logo-submit').click();
    expect(await admin.getByTestId('company-logo-error').innerText()).toBe(lang === 'en' ? 'The logo must be a JPEG, PNG or WebP image.' : '标志须为 JPEG、PNG 或 WebP 图片。');

    await admin.getByTestId('company-logo-file').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: await logoPng() });
    await Promise.all([admin.waitForURL((url) => url.searchParams.has('logo')), admin.getByTestId('company-logo-submit').click()]);
    await admin.getByTestId('company-admin-logo-image').waitFor();
    const src = await admin.getByTestId('company-admin-logo-image').getAttribute('src');
    expect(src).toMatch(/\/logos\/[0-9a-f]{64}\.png$/);

    const file = src!.split('/').pop()!;

    // A visitor: the company's card in its category listing (newest first) shows the logo.
    const { page: visitor } = await session.visitor(lang);
    const cardLogo = visitor.locator(`[data-testid="company-card"]:has(a[href="/detail?id=${slug}"]) img`);
    await expect
      .poll(
        async () => {
          await visitor.goto('/listing/Brokers?order=newest');
          return (await cardLogo.count()) > 0 ? cardLogo.first().getAttribute('src') : null;
        },
        { timeout: 30_000, interval: 500 },
      )
      .toMatch(new RegExp(`/logos/${file}$`));
    // Lazy-loaded: it loads once scrolled into view.
    await cardLogo.first().scrollIntoViewIfNeeded();
    await expect.poll(() => cardLogo.first().evaluate(naturalSize), { timeout: 10_000 }).toEqual(LOGO);

    // And its page, from the card.
    await Promise.all([visitor.waitForURL((url) => url.pathname === '/detail' && url.searchParams.get('id') === slug), cardLogo.first().click()]);
    const shown = visitor.locator(`img[src$="${file}"]`).first();
    await shown.waitFor();
    await expect.poll(() => shown.evaluate(naturalSize), { timeout: 10_000 }).toEqual(LOGO);
  });
});
