import { describe, expect, it } from 'vitest';
import {
  apiLang,
  languageHref,
  localeFromRequest,
  parseLocale,
  persistLocale,
  readCookie,
  reconcileLocale,
  serializeLangCookie,
  switchedUrl,
} from '../app/lib/locale';
import { clearStoredUser, USER_INFO_KEY } from '../app/lib/session';

function request(url: string, headers: Record<string, string> = {}) {
  return new Request(`http://localhost${url}`, { headers });
}

describe('parseLocale', () => {
  it('accepts the two languages in any case and rejects the rest', () => {
    expect(parseLocale('en')).toBe('en');
    expect(parseLocale('zh-CN')).toBe('zh-CN');
    expect(parseLocale('zh-cn')).toBe('zh-CN');
    expect(parseLocale('ZH')).toBe('zh-CN');
    expect(parseLocale('fr')).toBeNull();
    expect(parseLocale('')).toBeNull();
    expect(parseLocale(null)).toBeNull();
  });

  it('maps to the API header value', () => {
    expect(apiLang('en')).toBe('en');
    expect(apiLang('zh-CN')).toBe('zh-cn');
  });
});

describe('readCookie', () => {
  it('finds a cookie among others and decodes it', () => {
    expect(readCookie('a=1; lang=zh-CN; b=2', 'lang')).toBe('zh-CN');
    expect(readCookie('xlang=en;lang=en', 'lang')).toBe('en');
    expect(readCookie('name=%E4%B8%AD', 'name')).toBe('中');
    expect(readCookie('a=1', 'lang')).toBeNull();
    expect(readCookie(null, 'lang')).toBeNull();
  });
});

describe('localeFromRequest', () => {
  it('defaults to English, even when the browser prefers Chinese', () => {
    expect(localeFromRequest(request('/', { 'accept-language': 'zh-CN,zh;q=0.9' }))).toEqual({ locale: 'en', source: 'default' });
  });

  it('follows the cookie', () => {
    expect(localeFromRequest(request('/', { cookie: 'lang=zh-CN' }))).toEqual({ locale: 'zh-CN', source: 'cookie' });
    expect(localeFromRequest(request('/', { cookie: 'lang=klingon' }))).toEqual({ locale: 'en', source: 'default' });
  });

  it('lets ?lang= override the cookie', () => {
    expect(localeFromRequest(request('/search?lang=en', { cookie: 'lang=zh-CN' }))).toEqual({ locale: 'en', source: 'query' });
    expect(localeFromRequest(request('/?lang=xx', { cookie: 'lang=zh-CN' }))).toEqual({ locale: 'zh-CN', source: 'cookie' });
  });
});

describe('serializeLangCookie', () => {
  it('is a site-wide, year-long, Lax cookie readable by script', () => {
    const cookie = serializeLangCookie('zh-CN');
    expect(cookie).toMatch(/^lang=zh-CN; /);
    expect(cookie).toContain('Path=/');
    expect(cookie).toContain('Max-Age=31536000');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).not.toContain('HttpOnly');
  });
});

describe('reconcileLocale', () => {
  it('does nothing when storage and cookie agree', () => {
    expect(reconcileLocale({ rendered: 'zh-CN', stored: 'zh-CN', cookie: 'zh-CN' })).toEqual({ action: 'none' });
  });

  it('does nothing for a first visit (English by default)', () => {
    expect(reconcileLocale({ rendered: 'en', stored: null, cookie: null })).toEqual({ action: 'none' });
  });

  it('copies the cookie into storage when they differ (language chosen by a ?lang= link)', () => {
    expect(reconcileLocale({ rendered: 'zh-CN', stored: 'en', cookie: 'zh-CN' })).toEqual({ action: 'store', locale: 'zh-CN' });
    expect(reconcileLocale({ rendered: 'en', stored: null, cookie: 'en' })).toEqual({ action: 'store', locale: 'en' });
  });

  it('restores a lost cookie from storage and reloads only if the page is in the other language', () => {
    expect(reconcileLocale({ rendered: 'en', stored: 'zh-CN', cookie: null })).toEqual({
      action: 'restore-cookie',
      locale: 'zh-CN',
      reload: true,
    });
    expect(reconcileLocale({ rendered: 'en', stored: 'en', cookie: null })).toEqual({ action: 'restore-cookie', locale: 'en', reload: false });
  });

  it('ignores unknown stored values', () => {
    expect(reconcileLocale({ rendered: 'en', stored: 'de', cookie: null })).toEqual({ action: 'none' });
  });
});

describe('persistLocale', () => {
  it('writes localStorage and the cookie', () => {
    const store = new Map<string, string>();
    const jar = { cookie: '' };
    persistLocale('zh-CN', { getItem: (k) => store.get(k) ?? null, setItem: (k, v) => void store.set(k, v) }, jar);
    expect(store.get('lang')).toBe('zh-CN');
    expect(jar.cookie).toBe(serializeLangCookie('zh-CN'));
  });

  it('still sets the cookie when storage throws', () => {
    const jar = { cookie: '' };
    const broken = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    persistLocale('en', broken, jar);
    expect(jar.cookie).toBe(serializeLangCookie('en'));
  });
});

describe('switch addresses', () => {
  it('loads the same page through ?lang=, replacing a stale one and keeping the query and fragment', () => {
    expect(switchedUrl('http://x/search?keyword=ic&lang=en#top', 'zh-CN')).toBe('/search?keyword=ic&lang=zh-CN#top');
    expect(switchedUrl('http://x/about', 'en')).toBe('/about?lang=en');
  });

  it('links to the current page in another language, keeping its query', () => {
    expect(languageHref('/search', '?keyword=ic&lang=en', 'zh-CN')).toBe('/search?keyword=ic&lang=zh-CN');
    expect(languageHref('/', '', 'en')).toBe('/?lang=en');
  });
});

describe('clearStoredUser', () => {
  it('removes the user info from every storage given', () => {
    const removed: string[] = [];
    clearStoredUser([{ removeItem: (k) => void removed.push(`local:${k}`) }, { removeItem: (k) => void removed.push(`session:${k}`) }]);
    expect(removed).toEqual([`local:${USER_INFO_KEY}`, `session:${USER_INFO_KEY}`]);
  });
});
