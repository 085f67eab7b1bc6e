import type { Country } from '@brokerwise/api-contract';
import type { Settled } from '../lib/api';
import { countryName, countrySearchHref } from '../lib/format';
import type { Locale } from '../lib/locale';
import { SOCIAL_LINKS, SUPPORT_EMAIL } from '../lib/site';
import { useT } from '../lib/use-t';
import { LogoMark } from './icons';
import { Newsletter } from './Newsletter';
import { SiteLink } from './SiteLink';
import classes from './Footer.module.css';

/** How many of the API's popular countries the footer lists. */
const FOOTER_COUNTRIES = 16;

const QUICK_LINKS = [
  { to: '/about', messageId: 'footer.links.about' },
  { to: '/topbrokers', messageId: 'footer.links.topBrokers' },
  { to: '/promotion', messageId: 'footer.links.promotions' },
  { to: '/vlog/blog', messageId: 'footer.links.blog' },
  { to: '/login', messageId: 'footer.links.signIn' },
  { to: '/register', messageId: 'footer.links.register' },
  { to: '/TraderChat', messageId: 'footer.links.traderChat' },
  { to: '/developers', messageId: 'footer.links.developers' },
  { to: '/open-data', messageId: 'footer.links.openData' },
  { to: '/transparency', messageId: 'footer.links.transparency' },
] as const;

const LEGAL_LINKS = [
  { to: '/privacy', messageId: 'footer.legal.privacy' },
  { to: '/service', messageId: 'footer.legal.service' },
  { to: '/cookie', messageId: 'footer.legal.cookie' },
] as const;

export function Footer({ locale, countries, year }: { locale: Locale; countries: Settled<Country[]>; year: number }) {
  const t = useT();
  return (
    <footer className={classes.footer}>
      <div className={classes.inner}>
        <div className={classes.top}>
          <section className={classes.brandColumn} aria-labelledby="footer-work-with-us">
            <SiteLink to="/" className={classes.logo}>
              <LogoMark size={28} />
              <span>Brokerwise</span>
            </SiteLink>
            <h2 id="footer-work-with-us" className={classes.columnTitle}>
              {t('footer.workWithUs.title')}
            </h2>
            <p className={classes.muted}>{t('footer.workWithUs.text')}</p>
            <SiteLink to="/login" className={classes.cta}>
              {t('footer.workWithUs.link')}
            </SiteLink>
          </section>

          <nav className={classes.column} aria-labelledby="footer-quick-links">
            <h2 id="footer-quick-links" className={classes.columnTitle}>
              {t('footer.links.title')}
            </h2>
            <ul className={classes.linkList}>
              {QUICK_LINKS.map((link) => (
                <li key={link.to}>
                  <SiteLink to={link.to}>{t(link.messageId)}</SiteLink>
                </li>
              ))}
            </ul>
          </nav>

          <nav className={classes.column} aria-labelledby="footer-countries" data-testid="footer-countries">
            <h2 id="footer-countries" className={classes.columnTitle}>
              {t('footer.countries.title')}
            </h2>
            {countries.ok ? (
              <ul className={classes.countryList}>
                {countries.data.slice(0, FOOTER_COUNTRIES).map((country) => (
                  <li key={country.id}>
                    <SiteLink to={countrySearchHref(country.id)}>{countryName(country, locale)}</SiteLink>
                  </li>
                ))}
              </ul>
            ) : (
              <p className={classes.muted}>{t('footer.countries.unavailable')}</p>
            )}
          </nav>

          <div className={classes.column}>
            <Newsletter />
            <section className={classes.info} aria-labelledby="footer-follow">
              <h2 id="footer-follow" className={classes.columnTitle}>
                {t('footer.follow.title')}
              </h2>
              <ul className={classes.social}>
                {SOCIAL_LINKS.map((s) => (
                  <li key={s.id}>
                    <a href={s.href} rel="noopener noreferrer" target="_blank">
                      {s.label}
                    </a>
                  </li>
                ))}
              </ul>
            </section>
          </div>
        </div>

        <div className={classes.infoRow}>
          <section aria-labelledby="footer-help">
            <h2 id="footer-help" className={classes.infoTitle}>
              {t('footer.help.title')}
            </h2>
            <p className={classes.muted}>
              {t('footer.help.text')} <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
            </p>
          </section>
          <section aria-labelledby="footer-app">
            <h2 id="footer-app" className={classes.infoTitle}>
              {t('footer.app.title')}
            </h2>
            <p className={classes.muted}>
              {t('footer.app.text')} <SiteLink to="/TraderChat">{t('footer.app.link')}</SiteLink>
            </p>
          </section>
          <section aria-labelledby="footer-cookies">
            <h2 id="footer-cookies" className={classes.infoTitle}>
              {t('footer.cookies.title')}
            </h2>
            <p className={classes.muted}>
              {t('footer.cookies.text')} <SiteLink to="/cookie">{t('footer.legal.cookie')}</SiteLink>
            </p>
          </section>
        </div>

        <p className={classes.risk}>{t('footer.risk.text')}</p>

        <div className={classes.bottom}>
          <p>{t('footer.copyright.text', { year })}</p>
          <ul className={classes.legal}>
            {LEGAL_LINKS.map((link) => (
              <li key={link.to}>
                <SiteLink to={link.to}>{t(link.messageId)}</SiteLink>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </footer>
  );
}
