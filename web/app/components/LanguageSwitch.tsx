import type { MouseEvent } from 'react';
import { useLocation } from 'react-router';
import { LANGUAGE_NAMES, languageHref, persistLocale, switchedUrl, type Locale } from '../lib/locale';
import { useT } from '../lib/use-t';
import { GlobeIcon } from './icons';
import classes from './Header.module.css';

/**
 * Offers the other language (spec §1). With JavaScript it stores the choice (localStorage + cookie)
 * and loads the page again through `?lang=`, in place of the current history entry, so the request
 * itself names the language (see switchedUrl); LocaleSync then takes `?lang=` out of the address.
 * Without, the link does the same by itself.
 */
export function LanguageSwitch({ locale, className }: { locale: Locale; className?: string }) {
  const t = useT();
  const location = useLocation();
  const other: Locale = locale === 'en' ? 'zh-CN' : 'en';

  function onClick(event: MouseEvent<HTMLAnchorElement>) {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    persistLocale(other, window.localStorage, document);
    window.location.replace(switchedUrl(window.location.href, other));
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
