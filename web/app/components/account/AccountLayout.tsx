import { useEffect, useRef, type ReactNode } from 'react';
import { NavLink, useLocation, useNavigate } from 'react-router';
import { loginUrlFor } from '../../lib/guard';
import { useT } from '../../lib/use-t';
import { ACCOUNT_LINKS } from '../account-links';
import { useSession } from '../SessionProvider';
import classes from './AccountLayout.module.css';

/**
 * Frame of the signed-in pages (/user/*): the account menu beside the page. The loaders guard
 * these routes; this only follows the session when it ends on the page itself (a 402/409 answer,
 * logout in another tab): the visitor goes to /login and comes back after signing in.
 */
export function AccountLayout({
  title,
  children,
  guarded = true,
  leaving = false,
}: {
  title: string;
  children: ReactNode;
  /** A page for signed-in users only (spec §2 route table). */
  guarded?: boolean;
  /** The page is leaving on its own after ending the session (password changed). */
  leaving?: boolean;
}) {
  const t = useT();
  const { user } = useSession();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const wasSignedIn = useRef(!!user);

  useEffect(() => {
    if (user) wasSignedIn.current = true;
    else if (guarded && wasSignedIn.current && !leaving) navigate(loginUrlFor(pathname, search), { replace: true });
  }, [user, guarded, leaving, navigate, pathname, search]);

  return (
    <div className={`bw-container ${classes.layout}`}>
      <nav className={classes.side} aria-label={t('account.layout.nav')}>
        <ul>
          {ACCOUNT_LINKS.map((item) => (
            <li key={item.to}>
              <NavLink to={item.to} className={classes.sideLink}>
                {t(item.messageId)}
              </NavLink>
            </li>
          ))}
          <li>
            <NavLink to="/user/notice" className={classes.sideLink}>
              {t('header.notice.label')}
            </NavLink>
          </li>
        </ul>
      </nav>
      <section className={classes.main} aria-labelledby="account-title">
        <h1 id="account-title" className={classes.title}>
          {title}
        </h1>
        <noscript>
          <p className={classes.noscript}>{t('auth.shell.needsScript')}</p>
        </noscript>
        {children}
      </section>
    </div>
  );
}

/** A signed-in page whose feature arrives with a later issue. */
export function ComingSoon({ title, guarded = true }: { title: string; guarded?: boolean }) {
  const t = useT();
  return (
    <AccountLayout title={title} guarded={guarded}>
      <div className={classes.card} data-testid="coming-soon">
        <p className={classes.soonTitle}>{t('account.soon.title')}</p>
        <p className={classes.muted}>{t('account.soon.text')}</p>
      </div>
    </AccountLayout>
  );
}
