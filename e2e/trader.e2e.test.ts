/**
 * Traders in a real browser against a running site (issue "Traders"): a new user binds a
 * bridge-simulator account (read-only password `ro-<login>`), waits for its first sync, opens it
 * (statistics, chart SVG, orders), hides it (a visitor gets 404) and makes it public again; the
 * Top Trader table lists the demo accounts and sorts by a column; a wrong read-only password is
 * refused at its field (checked with the broker, with a spinner and a word on how long it may take)
 * and nothing is bound; in Chinese the bind form shows the server's field errors in Chinese and an
 * account whose broker refuses the password is refused at the field in Chinese; a broker application reaches the admin screen and the admin
 * (`E2E_ADMIN_EMAIL`, `E2E_ADMIN_PASSWORD`) approves it. Every run creates its own users and accounts.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CJK, browserSession, hydrated } from './browser.ts';
import { register, type Lang } from './users.ts';

const ADMIN_EMAIL = process.env.E2E_ADMIN_EMAIL;
const ADMIN_PASSWORD = process.env.E2E_ADMIN_PASSWORD;

const session = browserSession();
const visitor = session.visitor;

/**
 * A simulator login with a chosen behaviour: its last two digits pick it (services/bridge-simulator:
 * …40 rejects every password; 21 is an ordinary account).
 */
function login(ending: '21' | '40'): string {
  return `${Math.floor(1000 + Math.random() * 9000)}${Date.now().toString().slice(-3)}${ending}`;
}

/** Reloads the page until `ready` holds: the first sync runs in the background (worker tick). */
async function reloadUntil(page: Page, ready: () => Promise<boolean>, attempts = 60): Promise<void> {
  for (let i = 0; i < attempts; i++) {
    if (await ready()) return;
    await page.waitForTimeout(1_000);
    await page.reload();
  }
  throw new Error(`not ready after ${attempts} reloads: ${page.url()}`);
}

/** Picks the first live server the search suggests for `query` (script on). */
async function pickServer(page: Page, query: string): Promise<string> {
  const input = page.getByTestId('bind-server');
  await input.click();
  await input.fill(query);
  const option = page.getByTestId('bind-server-option').filter({ hasText: /-Live\d/ }).first();
  await option.waitFor();
  const name = (await option.locator('span').first().innerText()).trim();
  await option.dispatchEvent('mousedown');
  await expect.poll(() => input.inputValue()).toBe(name);
  return name;
}

/** Whether Top Trader, filtered to one broker, lists the account (looking through its pages). */
async function inTopTrader(page: Page, brokerId: string, accountId: string): Promise<boolean> {
  for (let p = 1; p <= 10; p++) {
    await page.goto(`/trader/index?${new URLSearchParams({ broker: brokerId, page: String(p) })}`);
    await page.locator('[data-testid="trader-top-table"], [data-testid="trader-top-empty"]').first().waitFor();
    if ((await page.locator(`[data-testid="trader-top-row"][data-account-id="${accountId}"]`).count()) > 0) return true;
    if ((await page.getByTestId('trader-top-row').count()) < 20) return false;
  }
  return false;
}

async function waitHydrated(page: Page, testId: string): Promise<void> {
  await page.locator(`[data-testid="${testId}"][data-ready]`).waitFor();
}

const TEXT = {
  en: {
    account: 'Account number',
    password: 'Read-only (investor) password',
    nickname: 'Strategy nickname',
    checkHint: 'We check the read-only password with your broker before binding: this can take up to 20 seconds.',
    checking: 'Checking the read-only password with your broker…',
    refused: 'Your broker did not accept this read-only password for this account. Please check it: it is the investor password, not the trading password.',
    hidden: 'Hidden',
    public: 'Public',
    notFound: /couldn't find/,
  },
  'zh-CN': {
    account: '账号',
    password: '只读（观摩）密码',
    nickname: '策略昵称',
    checkHint: '绑定前我们会向经纪商核验只读密码，最长可能需要 20 秒。',
    checking: '正在向经纪商核验只读密码…',
    refused: '经纪商未接受该账户的只读密码。请检查：此处需填写观摩密码，而非交易密码。',
    hidden: '隐藏',
    public: '公开',
    notFound: /找不到/,
  },
} as const;

async function bind(page: Page, lang: Lang, accountNumber: string, nickname: string): Promise<string> {
  const t = TEXT[lang];
  await page.goto('/trader/bindaccount');
  await waitHydrated(page, 'bind-form');
  await pickServer(page, 'Live');
  await page.getByLabel(t.account, { exact: true }).fill(accountNumber);
  await page.getByLabel(t.password, { exact: true }).fill(`ro-${accountNumber}`);
  await page.getByLabel(t.nickname, { exact: true }).fill(nickname);
  await page.getByTestId('bind-submit').click();
  await page.waitForURL((url) => url.pathname === '/trader/account' && url.searchParams.has('id'), { timeout: 15_000 });
  return new URL(page.url()).searchParams.get('id')!;
}

/**
 * Sends the bind form with a password the broker refuses: while the check runs (the request is
 * held until the page has been looked at) the button spins and the page says what is happening;
 * then the message sits at the password field (aria-invalid, aria-describedby) and nothing is bound.
 */
async function bindRefused(page: Page, lang: Lang, accountNumber: string, password: string): Promise<void> {
  const t = TEXT[lang];
  await page.goto('/trader/bindaccount');
  await waitHydrated(page, 'bind-form');
  expect(await page.getByTestId('bind-check').innerText()).toBe(t.checkHint);
  await pickServer(page, 'Live');
  await page.getByLabel(t.account, { exact: true }).fill(accountNumber);
  const field = page.getByLabel(t.password, { exact: true });
  await field.fill(password);
  await page.getByLabel(t.nickname, { exact: true }).fill(`Refused ${Date.now().toString(36)}`);

  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/trader/bind', async (route) => {
    await held;
    await route.continue();
  });
  const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/trader/bind');
  await page.getByTestId('bind-submit').click();
  await page.locator('[data-testid="bind-submit"][data-loading]').waitFor();
  await expect.poll(() => page.getByTestId('bind-check').innerText()).toBe(t.checking);
  release();
  expect((await answered).status()).toBe(400);
  await page.unroute('**/api/trader/bind');

  await expect.poll(() => field.getAttribute('aria-invalid')).toBe('true');
  const describedBy = (await field.getAttribute('aria-describedby'))!.split(/\s+/);
  const descriptions = await Promise.all(describedBy.map((id) => page.locator(`[id="${id}"]`).innerText()));
  expect(descriptions).toContain(t.refused);
  // Said once: at the field, not again above the button or in a toast.
  expect((await page.locator('body').innerText()).split(t.refused).length - 1).toBe(1);
  expect(await page.locator('[data-testid="bind-submit"][data-loading]').count()).toBe(0);
  expect(await page.getByTestId('bind-check').innerText()).toBe(t.checkHint);
  expect(new URL(page.url()).pathname).toBe('/trader/bindaccount');
}

describe('traders (en)', () => {
  it('a new user binds a simulator account, sees it sync and ranked in Top Trader, hides it (gone for visitors and from the ranking) and makes it public again', async () => {
    const { context, page } = await visitor('en');
    await register(context, page, 'en', 'tr');
    const accountNumber = login('21');
    const nickname = `E2E Swing ${Date.now().toString(36)}`;
    // A wrong read-only password first: refused at the field and not stored (the right one then binds the same account).
    await bindRefused(page, 'en', accountNumber, `wrong-${accountNumber}`);
    const id = await bind(page, 'en', accountNumber, nickname);

    await expect.poll(() => page.getByTestId('trader-nickname').innerText()).toBe(nickname);
    // The owner sees the full account number and the sync state.
    await expect.poll(() => page.getByTestId('trader-account').innerText()).toContain(accountNumber);
    await reloadUntil(page, async () => (await page.getByTestId('trader-stats').count()) > 0);
    expect(await page.getByTestId('trader-sync').getAttribute('data-state')).toBe('ok');
    expect(await page.getByTestId('trader-stats').innerText()).toMatch(/Balance[\s\S]*Profit factor[\s\S]*Win rate/);
    expect(await page.locator('svg[data-testid="trader-chart"] path').count()).toBeGreaterThan(2);
    expect(await page.locator('svg[data-testid="trader-chart"] title').first().textContent()).toBe('Balance and equity');
    expect(await page.getByTestId('trader-order').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('trader-orders').innerText()).toMatch(/Open time[\s\S]*Stop loss[\s\S]*Interest \(swap\)/);

    // Public and synced: the owner reads that it is ranked, and Top Trader lists it among its broker's accounts.
    await expect
      .poll(async () => (await page.reload(), await page.getByTestId('trader-ranking').innerText()), { timeout: 30_000, interval: 1000 })
      .toMatch(/^Ranked in Top Trader with a risk-adjusted score of -?[\d.,]+\./);
    const brokerHref = (await page.getByTestId('trader-broker').getAttribute('href'))!;
    const brokerId = new URLSearchParams(brokerHref.split('?')[1]).get('id')!;
    const other = await visitor('en');
    await expect.poll(() => inTopTrader(other.page, brokerId, id), { timeout: 30_000 }).toBe(true);

    // Hidden: the owner still sees it, a visitor (no session) gets the 404 page and Top Trader drops it.
    await page.getByTestId('trader-visibility-toggle').click();
    await expect.poll(() => page.getByTestId('trader-visibility').innerText()).toBe(TEXT.en.hidden);
    await expect.poll(() => inTopTrader(other.page, brokerId, id), { timeout: 30_000 }).toBe(false);
    const hiddenResponse = await other.page.goto(`/trader/account?id=${id}`);
    expect(hiddenResponse?.status()).toBe(404);
    await expect.poll(() => other.page.locator('h1').innerText()).toMatch(TEXT.en.notFound);

    // Public again: the visitor sees it, with the account number masked.
    await page.getByTestId('trader-visibility-toggle').click();
    await expect.poll(() => page.getByTestId('trader-visibility').innerText()).toBe(TEXT.en.public);
    const publicResponse = await other.page.goto(`/trader/account?id=${id}`);
    expect(publicResponse?.status()).toBe(200);
    expect(await other.page.getByTestId('trader-nickname').innerText()).toBe(nickname);
    expect(await other.page.getByTestId('trader-account').innerText()).not.toContain(accountNumber);
    expect(await other.page.getByTestId('trader-owner').count()).toBe(0);
    await expect.poll(() => inTopTrader(other.page, brokerId, id), { timeout: 30_000 }).toBe(true);

    // My accounts lists it with its sync state.
    await page.goto('/trader/account');
    const mine = page.locator(`[data-testid="my-trader-account"][data-account-id="${id}"]`);
    await mine.waitFor();
    expect(await mine.getByTestId('my-trader-sync').getAttribute('data-state')).toBe('ok');

    // A synced live account makes the owner a verified client of that broker: their review says so.
    await page.goto(`/trader/account?id=${id}`);
    await Promise.all([page.waitForURL((url) => url.pathname === '/detail'), page.getByTestId('trader-broker').click()]);
    expect(new URL(page.url()).searchParams.get('id')).toBe(brokerId);
    await page.goto(`/comment?id=${encodeURIComponent(brokerId)}`);
    await page.locator('[data-testid="review-form"][data-ready]').waitFor();
    await page.getByRole('radio', { name: '5 stars out of 5' }).check();
    await page.getByLabel('Your review', { exact: true }).fill('Deposits and withdrawals on my live account were processed the same day.');
    await page.getByRole('checkbox', { name: /I confirm this review/ }).check();
    await Promise.all([page.waitForURL((url) => url.pathname === '/detail'), page.getByTestId('review-submit').click()]);
    await expect.poll(() => page.getByTestId('my-review').getByTestId('review-verified').innerText()).toBe('Verified client');
  });

  it('the Top Trader table lists the demo accounts and sorts by a column, without script too', async () => {
    const { page } = await visitor('en');
    await page.goto('/trader/index');
    const rows = page.getByTestId('trader-top-row');
    // The demo accounts sync in the background after start.
    await expect.poll(async () => (await page.reload(), await rows.count()), { timeout: 60_000, interval: 1000 }).toBeGreaterThan(0);
    expect(await page.getByTestId('methodology-link').getAttribute('href')).toBe('/about/methodology#top-trader');

    await page.getByTestId('sort-gain').click();
    await page.waitForURL((url) => url.searchParams.get('sort') === 'gain');
    await expect.poll(() => page.getByTestId('trader-top-table').getAttribute('data-sort')).toBe('gain');
    const gains = (await page.getByTestId('trader-top-gain').evaluateAll((cells) => cells.map((c) => Number(c.getAttribute('data-value'))))) as number[];
    expect(gains.length).toBeGreaterThan(1);
    expect(gains).toEqual([...gains].sort((a, b) => b - a));

    const trades = await visitor('en');
    await trades.context.route('**/*.js', (route) => route.abort());
    await trades.page.goto('/trader/index?sort=trades');
    const counts = (await trades.page.getByTestId('trader-top-trades').evaluateAll((cells) => cells.map((c) => Number(c.getAttribute('data-value'))))) as number[];
    expect(counts.length).toBeGreaterThan(1);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));

    // The methodology page explains the formula under the anchor.
    await page.goto('/about/methodology#top-trader');
    expect(await page.locator('#top-trader').innerText()).toContain('Top Trader');
  });

  it('a broker application reaches the admin screen and the admin approves it', async () => {
    // Never a silent pass: the demo admin is required (npm test sets these; npm start prints the credentials).
    if (!ADMIN_EMAIL || !ADMIN_PASSWORD) throw new Error('E2E_ADMIN_EMAIL and E2E_ADMIN_PASSWORD are required');
    const { context, page } = await visitor('en');
    await register(context, page, 'en', 'ap');
    const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
    const broker = `Far East FX ${run}`;
    await page.goto('/trader/apply');
    await waitHydrated(page, 'apply-form');
    await page.getByTestId('apply-broker').fill(broker);
    await page.getByTestId('apply-website').fill(`https://fareast-${run}.example.com`);
    await page.getByTestId('apply-server').fill(`FarEast${run}-Live03`);
    await page.getByTestId('apply-account').fill('5512345');
    await page.getByTestId('apply-readonlyPassword').fill('ro-5512345');
    await page.getByTestId('apply-submit').click();
    await page.getByTestId('apply-success').waitFor();
    const mine = page.getByTestId('application').filter({ hasText: broker });
    await mine.waitFor();
    expect(await mine.getAttribute('data-status')).toBe('pending');

    const admin = await visitor('en');
    await admin.page.goto('/login');
    await admin.page.getByLabel('Email or user name', { exact: true }).fill(ADMIN_EMAIL);
    await admin.page.getByLabel('Password', { exact: true }).fill(ADMIN_PASSWORD);
    await admin.page.getByRole('checkbox', { name: /I have read and agree/ }).check();
    await admin.page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await admin.page.waitForURL((url) => url.pathname === '/', { timeout: 15_000 });
    // The account menu leads to the screen.
    await admin.page.goto('/');
    await hydrated(admin.page);
    const menu = admin.page.locator('header details:has([data-testid="admin-trader-link"]):visible').first();
    await menu.locator('summary').click();
    const link = menu.getByTestId('admin-trader-link');
    expect(await link.getAttribute('href')).toBe('/admin/trader-applications');
    await Promise.all([admin.page.waitForURL('**/admin/trader-applications'), link.click()]);
    const item = admin.page.getByTestId('application').filter({ hasText: broker });
    await item.waitFor();
    await item.getByTestId('admin-app-approve').click();
    await admin.page.getByTestId('toast-success').waitFor();
    await item.waitFor({ state: 'detached' });

    await page.reload();
    await expect.poll(() => page.getByTestId('application').filter({ hasText: broker }).getAttribute('data-status')).toBe('approved');
  });
});

describe('traders (zh-CN)', () => {
  it('the bind form shows field errors in Chinese, and a password the broker refuses is refused at its field in Chinese', async () => {
    const { context, page } = await visitor('zh-CN');
    await register(context, page, 'zh-CN', 'tz');
    const t = TEXT['zh-CN'];

    await page.goto('/trader/bindaccount');
    await waitHydrated(page, 'bind-form');
    await page.getByTestId('bind-submit').click();
    const failure = page.getByTestId('bind-failure');
    await failure.waitFor();
    expect(await failure.innerText()).toMatch(CJK);
    // The field messages sit under their inputs, in Chinese.
    const form = page.getByTestId('bind-form');
    await expect.poll(() => form.innerText()).toContain('请选择服务器。');
    await page.getByLabel(t.account, { exact: true }).fill('12');
    await page.getByTestId('bind-submit').click();
    await expect.poll(() => form.innerText()).toContain('账号须为 3 到 12 位数字。');

    // The simulator's …40 refuses every password, its own included.
    const accountNumber = login('40');
    await bindRefused(page, 'zh-CN', accountNumber, `ro-${accountNumber}`);
    expect(await page.getByTestId('bind-failure').innerText()).toBe('请检查标出的输入项。');
    // Nothing was bound.
    await page.goto('/trader/account');
    await page.getByTestId('my-trader-empty').waitFor();
    expect(await page.getByTestId('my-trader-account').count()).toBe(0);
  });
});
