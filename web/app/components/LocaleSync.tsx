import { useEffect } from 'react';
import { LANG_COOKIE, LANG_QUERY_PARAM, LANG_STORAGE_KEY, persistLocale, readCookie, reconcileLocale, switchedUrl, type Locale } from '../lib/locale';

/** After hydration: keeps localStorage and the cookie in step (see reconcileLocale) and tidies `?lang=` out of the address. */
export function LocaleSync({ rendered }: { rendered: Locale }) {
  useEffect(() => {
    let stored: string | null = null;
    try {
      stored = window.localStorage.getItem(LANG_STORAGE_KEY);
    } catch {
      // Storage disabled: the cookie keeps working alone.
    }
    const sync = reconcileLocale({ rendered, stored, cookie: readCookie(document.cookie, LANG_COOKIE) });
    if (sync.action === 'store') {
      try {
        window.localStorage.setItem(LANG_STORAGE_KEY, sync.locale);
      } catch {
        // As above.
      }
    } else if (sync.action === 'restore-cookie') {
      persistLocale(sync.locale, window.localStorage, document);
      // Load it again only if the cookie took, so a browser refusing cookies is not sent round every
      // page; through ?lang=, as the switch does, since the cookie may not reach the request in time.
      if (sync.reload && readCookie(document.cookie, LANG_COOKIE) === sync.locale) window.location.replace(switchedUrl(window.location.href, sync.locale));
      return;
    }
    const url = new URL(window.location.href);
    if (url.searchParams.has(LANG_QUERY_PARAM)) {
      url.searchParams.delete(LANG_QUERY_PARAM);
      window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
    }
  }, [rendered]);
  return null;
}
