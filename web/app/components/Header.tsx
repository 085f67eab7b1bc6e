import { NavLink, useLocation } from 'react-router';
import { loginUrlFor } from '../lib/guard';
import type { Locale } from '../lib/locale';
import type { SessionUser } from '../lib/session';
import { QR_IMAGES, SUPPORT_EMAIL } from '../lib/site';
import { useT } from '../lib/use-t';
import { Dropdown } from './Dropdown';
import { HeadsetIcon, LogoMark, MenuIcon } from './icons';
import { LanguageSwitch } from './LanguageSwitch';
import { NAV } from './nav';
import { useSession } from './SessionProvider';
import { useSignedInHeader } from './signed-in-header';
import { SiteLink } from './SiteLink';
import classes from './Header.module.css';

/**
 * Site header (spec §2): Sign in / Sign up while signed out; the notice bell and the account menu
 * (My Reviews … Log Out) while signed in.
 */
export function Header({ locale, unreadNotices }: { locale: Locale; unreadNotices: boolean }) {
  const t = useT();
  const { user } = useSession();
  return (
    // `data-account`: the signed-in parts load before the page hydrates (signed-in-header.ts).
    <header className={classes.header} data-account={user ? '' : undefined}>
      <div className={classes.inner}>
        <SiteLink to="/" className={classes.logo} aria-label={t('header.logo.label')}>
          <LogoMark />
          <span className={classes.logoText}>Brokerwise</span>
        </SiteLink>

        <nav className={classes.nav} aria-label={t('header.nav.label')}>
          <ul className={classes.navList}>
            {NAV.map((entry) =>
              entry.kind === 'link' ? (
                <li key={entry.to}>
                  <NavLink to={entry.to} end className={classes.navLink}>
                    {t(entry.messageId)}
                  </NavLink>
                </li>
              ) : (
                <li key={entry.messageId}>
                  <Dropdown label={t(entry.messageId)}>
                    <ul className={classes.menuList}>
                      {entry.items.map((item) => (
                        <li key={item.to}>
                          <SiteLink to={item.to} className={classes.menuLink}>
                            {t(item.messageId)}
                          </SiteLink>
                        </li>
                      ))}
                    </ul>
                  </Dropdown>
                </li>
              ),
            )}
          </ul>
        </nav>

        <div className={classes.tools}>
          <LanguageSwitch locale={locale} className={classes.hideOnMobile} />
          <CustomerService />
          <AccountArea user={user} unreadNotices={unreadNotices} />
          <MobileMenu locale={locale} user={user} />
        </div>
      </div>
    </header>
  );
}

function CustomerService() {
  const t = useT();
  return (
    <Dropdown
      label={<HeadsetIcon />}
      ariaLabel={t('header.service.label')}
      align="end"
      showChevron={false}
    >
      <div className={classes.servicePanel} data-testid="customer-service-panel">
        <p className={classes.serviceTitle}>{t('header.service.title')}</p>
        <div className={classes.qrRow}>
          <figure className={classes.qr}>
            <img src={QR_IMAGES.customerService.path} width={116} height={116} alt={t('header.service.qrServiceAlt')} loading="lazy" />
            <figcaption>{t('header.service.qrService')}</figcaption>
          </figure>
          <figure className={classes.qr}>
            <img src={QR_IMAGES.group.path} width={116} height={116} alt={t('header.service.qrGroupAlt')} loading="lazy" />
            <figcaption>{t('header.service.qrGroup')}</figcaption>
          </figure>
        </div>
        <a className={classes.serviceMail} href={`mailto:${SUPPORT_EMAIL}`}>
          {SUPPORT_EMAIL}
        </a>
      </div>
    </Dropdown>
  );
}

/** Sign-in link that brings the visitor back to this page afterwards (the login page keeps the path). */
function useSignInHref(): ReturnType<typeof loginUrlFor> {
  const { pathname, search } = useLocation();
  return loginUrlFor(pathname, search);
}

function AccountArea({ user, unreadNotices }: { user: SessionUser | null; unreadNotices: boolean }) {
  const t = useT();
  const signInHref = useSignInHref();
  const parts = useSignedInHeader(!!user);
  if (user) {
    return (
      <div className={classes.account}>
        {parts && (
          <>
            <parts.NoticeBell key={user.id} user={user} seeded={unreadNotices} />
            <parts.AccountMenu user={user} className={classes.hideOnMobile} />
          </>
        )}
      </div>
    );
  }
  return (
    <div className={`${classes.account} ${classes.hideOnMobile}`}>
      <SiteLink to={signInHref} className={classes.toolLink}>
        {t('header.account.signIn')}
      </SiteLink>
      <SiteLink to="/register" className={classes.signUp}>
        {t('header.account.signUp')}
      </SiteLink>
    </div>
  );
}

function MobileMenu({ locale, user }: { locale: Locale; user: SessionUser | null }) {
  const t = useT();
  const signInHref = useSignInHref();
  const parts = useSignedInHeader(!!user);
  return (
    <Dropdown
      className={classes.mobileOnly}
      label={<MenuIcon />}
      ariaLabel={t('header.mobile.open')}
      align="end"
      showChevron={false}
    >
      <nav className={classes.mobilePanel} aria-label={t('header.nav.label')}>
        {NAV.map((entry) =>
          entry.kind === 'link' ? (
            <SiteLink key={entry.to} to={entry.to} className={classes.mobileLink}>
              {t(entry.messageId)}
            </SiteLink>
          ) : (
            <div key={entry.messageId} className={classes.mobileGroup}>
              <p className={classes.mobileGroupTitle}>{t(entry.messageId)}</p>
              {entry.items.map((item) => (
                <SiteLink key={item.to} to={item.to} className={classes.mobileLink}>
                  {t(item.messageId)}
                </SiteLink>
              ))}
            </div>
          ),
        )}
        {user && (
          <div className={classes.mobileGroup}>
            <p className={classes.mobileGroupTitle}>{user.username}</p>
            {parts && <parts.AccountLinks className={classes.mobileLink} />}
          </div>
        )}
        <div className={classes.mobileFooter}>
          <LanguageSwitch locale={locale} />
          {!user && (
            <>
              <SiteLink to={signInHref} className={classes.mobileLink}>
                {t('header.account.signIn')}
              </SiteLink>
              <SiteLink to="/register" className={classes.signUp}>
                {t('header.account.signUp')}
              </SiteLink>
            </>
          )}
        </div>
      </nav>
    </Dropdown>
  );
}
