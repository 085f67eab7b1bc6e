/**
 * Language choice (spec §1): English by default, kept in localStorage under `lang` and mirrored in
 * a `lang` cookie so the server renders the chosen language on the first byte.
 */
export const LOCALES = ['en', 'zh-CN'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

export const LANG_STORAGE_KEY = 'lang';
export const LANG_COOKIE = 'lang';
/** `?lang=zh-CN` switches language without JavaScript (and gives crawlers an address per language). */
export const LANG_QUERY_PARAM = 'lang';
const LANG_COOKIE_MAX_AGE = 60 * 60 * 24 * 365;

/** The value the API expects in its `lang` header. */
export type ApiLang = 'en' | 'zh-cn';

export function parseLocale(value: string | null | undefined): Locale | null {
  if (!value) return null;
  const v = value.trim().toLowerCase();
  if (v === 'en') return 'en';
  if (v === 'zh-cn' || v === 'zh') return 'zh-CN';
  return null;
}

export function apiLang(locale: Locale): ApiLang {
  return locale === 'zh-CN' ? 'zh-cn' : 'en';
}

export function readCookie(cookieHeader: string | null | undefined, name: string): string | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1) continue;
    if (part.slice(0, eq).trim() !== name) continue;
    const raw = part.slice(eq + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return null;
}

export function serializeLangCookie(locale: Locale): string {
  return `${LANG_COOKIE}=${locale}; Path=/; Max-Age=${LANG_COOKIE_MAX_AGE}; SameSite=Lax`;
}

export interface RequestLocale {
  locale: Locale;
  /** Where it came from; `query` means the response must set the cookie. */
  source: 'query' | 'cookie' | 'default';
}

/**
 * The server's choice: an explicit `?lang=` first, then the cookie, else English. Accept-Language is
 * deliberately ignored: the spec makes English the default, and a page must not change language
 * behind the visitor's back.
 */
export function localeFromRequest(request: Request): RequestLocale {
  const fromQuery = parseLocale(new URL(request.url).searchParams.get(LANG_QUERY_PARAM));
  if (fromQuery) return { locale: fromQuery, source: 'query' };
  const fromCookie = parseLocale(readCookie(request.headers.get('cookie'), LANG_COOKIE));
  if (fromCookie) return { locale: fromCookie, source: 'cookie' };
  return { locale: DEFAULT_LOCALE, source: 'default' };
}

export type LocaleSync =
  | { action: 'none' }
  /** Copy the cookie's choice into localStorage (the cookie was set by the server, e.g. via ?lang=). */
  | { action: 'store'; locale: Locale }
  /** Recreate the missing cookie from localStorage; reload when the page was rendered in another language. */
  | { action: 'restore-cookie'; locale: Locale; reload: boolean };

/**
 * Brings localStorage and the cookie back in line after a page load. The cookie wins when present
 * (it is what the server rendered); when only localStorage survives (cookie cleared or expired),
 * the stored choice is restored and the page re-rendered in that language.
 */
export function reconcileLocale(input: { rendered: Locale; stored: string | null; cookie: string | null }): LocaleSync {
  const cookie = parseLocale(input.cookie);
  const stored = parseLocale(input.stored);
  if (cookie) return stored === cookie && input.stored === cookie ? { action: 'none' } : { action: 'store', locale: cookie };
  if (stored) return { action: 'restore-cookie', locale: stored, reload: stored !== input.rendered };
  return { action: 'none' };
}

/** Minimal views of the browser objects the switch touches, so the logic is testable without a DOM. */
export interface LocaleStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}
export interface CookieJar {
  cookie: string;
}

export function persistLocale(locale: Locale, storage: LocaleStorage, jar: CookieJar): void {
  try {
    storage.setItem(LANG_STORAGE_KEY, locale);
  } catch {
    // Private mode or a full quota: the cookie alone still carries the choice.
  }
  jar.cookie = serializeLangCookie(locale);
}

/**
 * The address that loads the current page in `locale`: the same page with `?lang=` (which the server
 * honours over the cookie and answers by setting it), its fragment kept. A switch does not write the
 * cookie and reload: Chromium stores a script's cookie in its network process asynchronously, so the
 * reload's request could still carry the old cookie and render the old language.
 */
export function switchedUrl(href: string, locale: Locale): string {
  const url = new URL(href);
  url.searchParams.set(LANG_QUERY_PARAM, locale);
  return url.pathname + url.search + url.hash;
}

/** Link to the current page in another language; works without JavaScript through `?lang=`. */
export function languageHref(pathname: string, search: string, locale: Locale): string {
  const params = new URLSearchParams(search);
  params.set(LANG_QUERY_PARAM, locale);
  return `${pathname}?${params.toString()}`;
}

/** Each language named in itself (an endonym reads the same in every interface language). */
export const LANGUAGE_NAMES: Record<Locale, string> = { en: 'English', 'zh-CN': '中文' };
