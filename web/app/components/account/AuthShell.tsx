import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Locale } from '../../lib/locale';
import { useT } from '../../lib/use-t';
import { LogoMark } from '../icons';
import { LanguageSwitch } from '../LanguageSwitch';
import classes from './AuthShell.module.css';

/**
 * Frame of /login, /register and /retrievePassword, which have no header or footer (spec §2):
 * the brand and language switch on one side, the form card on the other.
 */
export function AuthShell({ locale, title, subtitle, children }: { locale: Locale; title: string; subtitle?: string; children: ReactNode }) {
  const t = useT();
  return (
    <div className={classes.page}>
      <aside className={classes.brand}>
        <div className={classes.brandTop}>
          <Link to="/" className={classes.logo} aria-label={t('header.logo.label')}>
            <LogoMark />
            <span>Brokerwise</span>
          </Link>
          <LanguageSwitch locale={locale} />
        </div>
        <div className={classes.pitch}>
          <p className={classes.pitchTitle}>{t('auth.shell.pitchTitle')}</p>
          <p className={classes.pitchText}>{t('auth.shell.pitchText')}</p>
        </div>
      </aside>
      <section className={classes.main} aria-labelledby="auth-title">
        <div className={classes.card}>
          <h1 id="auth-title" className={classes.title}>
            {title}
          </h1>
          {subtitle && <p className={classes.subtitle}>{subtitle}</p>}
          <noscript>
            <p className={classes.noscript}>{t('auth.shell.needsScript')}</p>
          </noscript>
          {children}
        </div>
      </section>
    </div>
  );
}
