import type { MouseEvent } from 'react';
import { useLocation } from 'react-router';
import { LANGUAGE_NAMES, languageHref, persistLocale, urlAfterSwitch, type Locale } from '../lib/locale';
import { useT } from '../lib/use-t';
import { GlobeIcon } from './icons';
import classes from './Header.module.css';

/**
 * Offers the other language. With JavaScript it stores the choice (localStorage + cookie) and
 * reloads (spec §1); without, the `?lang=` link makes the server set the cookie.
 */
export function LanguageSwitch({ locale, className }: { locale: Locale; className?: string }) {
  const t = useT();
  const location = useLocation();
  const other: Locale = locale === 'en' ? 'zh-CN' : 'en';

  function onClick(event: MouseEvent<HTMLAnchorElement>) {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    persistLocale(other, window.localStorage, document);
    const next = urlAfterSwitch(window.location.href);
    const current = window.location.pathname + window.location.search + window.location.hash;
    if (next === current) window.location.reload();
    else window.location.assign(next);
  }

  return (
    <a
      href={languageHref(location.pathname, location.search, other)}
      hrefLang={other}
      onClick={onClick}
      className={`${classes.toolLink} ${className ?? ''}`}
      title={t('header.language.switch')}
      data-testid="language-switch"
    >
      <GlobeIcon />
      <span lang={other}>{LANGUAGE_NAMES[other]}</span>
    </a>
  );
}
