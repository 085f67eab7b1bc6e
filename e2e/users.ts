/**
 * Signing up like a person, for browser tests that need users: the /register form, the code read
 * from the dev mailbox (embedded mode), Sign up. The same steps as accounts.e2e.test.ts.
 */
import { signatureHeaders } from '@brokerwise/api-signature';
import type { BrowserContext, Page } from 'playwright-core';
import { DEV_SIGNATURE_SALT } from '../gateway/src/config.ts';

import { hydrated, type Lang } from './browser.ts';

export type { Lang };

export interface Account {
  email: string;
  username: string;
  password: string;
  /** The user id (from the page's stored user info after sign-up). */
  id: string;
}

const TEXT = {
  en: { email: 'Email', username: 'User name', password: 'Password', code: 'Verification code', agree: /I have read and agree/, signUp: 'Sign up', registered: 'Registration successful', company: 'Company' },
  'zh-CN': { email: '邮箱', username: '用户名', password: '密码', code: '验证码', agree: /我已阅读并同意/, signUp: '注册', registered: '注册成功', company: '企业' },
} as const;

function newAccount(prefix: string): Omit<Account, 'id'> {
  const username = `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 36 ** 3).toString(36).padStart(3, '0')}`;
  return { email: `${username}@example.com`, username, password: `Pw${Math.random().toString(36).slice(2, 9)}1` };
}

/** The newest mail to `email` whose text matches `pattern`, read from /dev/mailbox in another tab. */
export async function mailText(context: BrowserContext, email: string, pattern: RegExp): Promise<string> {
  const mailbox = await context.newPage();
  try {
    for (let attempt = 0; attempt < 60; attempt++) {
      await mailbox.goto(`/dev/mailbox?to=${encodeURIComponent(email)}`);
      for (const body of await mailbox.locator('article.mail pre').allInnerTexts()) if (pattern.test(body)) return body;
      await mailbox.waitForTimeout(250);
    }
    throw new Error(`no mail matching ${pattern} arrived for ${email}`);
  } finally {
    await mailbox.close();
  }
}

/**
 * Signs up through /register and waits until the site has taken the new user home, or, with
 * `goTo`, back to the page a guard sent them from: then the sign-up starts from that login page's
 * own link, which carries the way back even before the page has hydrated.
 */
export async function register(context: BrowserContext, page: Page, lang: Lang, prefix = 'n', options: { goTo?: string; /** A company account (it may claim a company). */ company?: boolean } = {}): Promise<Account> {
  const t = TEXT[lang];
  const account = newAccount(prefix);
  const goTo = options.goTo ?? '/';
  if (goTo !== '/') await Promise.all([page.waitForURL((url) => url.pathname === '/register'), page.locator('a[href^="/register?redirect="]').click()]);
  else await page.goto('/register');
  if (options.company) {
    await hydrated(page);
    await page.locator('.mantine-SegmentedControl-root label', { hasText: t.company }).click();
    await page.getByTestId('company-account-note').waitFor();
  }
  await page.getByLabel(t.email, { exact: true }).fill(account.email);
  await page.getByLabel(t.username, { exact: true }).fill(account.username);
  await page.getByLabel(t.password, { exact: true }).fill(account.password);
  await page.getByTestId('send-code').click();
  const code = /\b(\d{6})\b/.exec(await mailText(context, account.email, /\b\d{6}\b/))![1]!;
  await page.getByLabel(t.code, { exact: true }).fill(code);
  await page.getByRole('checkbox', { name: t.agree }).check();
  await page.getByRole('button', { name: t.signUp, exact: true }).click();
  await page.getByTestId('toast-success').filter({ hasText: t.registered }).last().waitFor();
  await page.waitForURL((url) => url.pathname + url.search === goTo, { timeout: 15_000 });
  await page.locator('header summary', { hasText: account.username }).waitFor();
  const id = await page.evaluate(() => (JSON.parse(localStorage.getItem('userInfo') ?? '{}') as { id?: string }).id ?? '');
  return { ...account, id };
}

/**
 * The public /api as the context's signed-in user, signed the way the page's own client does it
 * (web/app/lib/api.ts): `lang`, the request signature, the session cookies and, on POST,
 * `x-csrf-token` from the bw_csrf cookie. Returns `data` of a success envelope; anything else
 * throws with the answer.
 */
async function apiCall<T>(context: BrowserContext, lang: Lang, method: 'GET' | 'POST', path: string, body?: unknown, contentType = 'application/json'): Promise<T> {
  const headers: Record<string, string> = {
    accept: 'application/json',
    lang: lang === 'zh-CN' ? 'zh-cn' : 'en',
    ...(await signatureHeaders(process.env.SIGNATURE_SALT ?? DEV_SIGNATURE_SALT)),
  };
  if (method === 'POST') {
    const csrf = (await context.cookies()).find((c) => c.name === 'bw_csrf')?.value;
    if (csrf) headers['x-csrf-token'] = csrf;
    headers['content-type'] = contentType;
  }
  const response = await context.request.fetch(path, {
    method,
    headers,
    ...(method === 'POST' ? { data: Buffer.isBuffer(body) ? body : JSON.stringify(body ?? {}) } : {}),
  });
  const text = await response.text();
  let envelope: { code?: number; data?: T } | null = null;
  try {
    envelope = JSON.parse(text) as { code?: number; data?: T };
  } catch {
    // not an envelope: reported below
  }
  if (!response.ok() || (envelope?.code !== 1 && envelope?.code !== 200)) throw new Error(`${method} ${path}: HTTP ${response.status()} ${text.slice(0, 500)}`);
  return envelope!.data as T;
}

export const apiGet = <T>(context: BrowserContext, lang: Lang, path: string): Promise<T> => apiCall<T>(context, lang, 'GET', path);

/** `body`: JSON, or raw bytes (a Buffer) with their `contentType`, e.g. an upload. */
export const apiPost = <T>(context: BrowserContext, lang: Lang, path: string, body: unknown, contentType?: string): Promise<T> =>
  apiCall<T>(context, lang, 'POST', path, body, contentType);

const SIGN_IN = {
  en: { account: 'Email or user name', password: 'Password', agree: /I have read and agree/, button: 'Sign in' },
  'zh-CN': { account: '邮箱或用户名', password: '密码', agree: /我已阅读并同意/, button: '登录' },
} as const;

/** Signs in through /login in the page's language (the demo admin, or an account made earlier) and waits for the home page. */
export async function signIn(page: Page, login: string, password: string, lang: Lang = 'en'): Promise<void> {
  const t = SIGN_IN[lang];
  await page.goto('/login');
  await page.getByLabel(t.account, { exact: true }).fill(login);
  await page.getByLabel(t.password, { exact: true }).fill(password);
  await page.getByRole('checkbox', { name: t.agree }).check();
  await page.getByRole('button', { name: t.button, exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/', { timeout: 15_000 });
}
