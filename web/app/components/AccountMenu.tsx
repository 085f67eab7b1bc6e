import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import * as ops from '@brokerwise/api-contract/paths';
import { endsSession } from '../lib/api';
import { loadChunk } from '../lib/chunk-load';
import { leavesOnSignOut } from '../lib/guard';
import { clearStoredUser, type SessionUser } from '../lib/session';
import { useT } from '../lib/use-t';
import { ACCOUNT_LINKS } from './account-links';
import { useApi, useApiErrorText } from './ApiProvider';
import { useSession } from './SessionProvider';
import { sectionsFor } from './admin/admin-links';
import { Dropdown } from './Dropdown';
import { BellIcon } from './icons';
import { useToast } from './Toasts';
import classes from './Header.module.css';

// The poll (and SWR with it) loads only for signed-in visitors, after hydration.
// The bell's poll is a background extra: if its code can't be had (spec §8: within 120 s), the header
// goes on without it rather than failing the page.
const NoticePoller = lazy(() => loadChunk(() => import('./NoticePoller')).catch(() => ({ default: () => null })));

export function UserAvatar({ user, size = 28 }: { user: SessionUser; size?: number }) {
  if (user.avatar) return <img className={classes.avatar} src={user.avatar} alt="" width={size} height={size} />;
  return (
    <span className={classes.avatar} style={{ width: size, height: size }} aria-hidden="true">
      {[...user.username][0]?.toUpperCase() ?? '?'}
    </span>
  );
}

/** Avatar and user name opening the account menu; works without script (details/summary) for the links. */
export function AccountMenu({ user, className }: { user: SessionUser; className?: string | undefined }) {
  const t = useT();
  return (
    <Dropdown
      className={className}
      label={
        <>
          <UserAvatar user={user} />
          <span className={classes.username}>{user.username}</span>
        </>
      }
      ariaLabel={t('header.account.menu', { username: user.username })}
      align="end"
    >
      <AccountLinks className={classes.menuLink} />
    </Dropdown>
  );
}

/** The menu items; the mobile menu shows the same list. */
export function AccountLinks({ className = '' }: { className?: string | undefined }) {
  const t = useT();
  const { user } = useSession();
  return (
    <ul className={classes.menuList} data-testid="account-menu">
      {ACCOUNT_LINKS.map((item) => (
        <li key={item.to}>
          <Link to={item.to} className={className}>
            {t(item.messageId)}
          </Link>
        </li>
      ))}
      {user?.company && (
        <li>
          <Link to="/user/company/dashboard" className={className} data-testid="menu-company-dashboard">
            {t('companyDashboard.page.title')}
          </Link>
        </li>
      )}
      {user?.role &&
        sectionsFor(user.role).map((item) => (
          <li key={item.to}>
            <Link to={item.to} className={className} data-testid={item.testId}>
              {t(item.messageId)}
            </Link>
          </li>
        ))}
      <li>
        <span className={`${className} ${classes.menuInert}`}>{t('header.account.help')}</span>
      </li>
      <li>
        <LogoutButton className={className} />
      </li>
    </ul>
  );
}

function LogoutButton({ className }: { className: string }) {
  const t = useT();
  const api = useApi();
  const toast = useToast();
  const errorText = useApiErrorText();
  const { pathname, search } = useLocation();
  const [busy, setBusy] = useState(false);

  async function logout() {
    setBusy(true);
    try {
      await api.op(ops.logout);
    } catch (error) {
      // Already signed out on the server: finish here too. Anything else: still signed in.
      if (!endsSession(error)) {
        toast('error', errorText(error));
        setBusy(false);
        return;
      }
    }
    // The reloaded page renders signed out (the gateway cleared the cookies); no in-page state change
    // first, so nothing races the reload. Spec §4: the page reloads; a signed-in page goes home.
    clearStoredUser();
    if (leavesOnSignOut(pathname, search)) window.location.assign('/');
    else window.location.reload();
  }

  return (
    <button type="button" className={`${className} ${classes.menuButton}`} onClick={logout} disabled={busy}>
      {t('header.account.logout')}
    </button>
  );
}

/** Bell to /user/notice with a dot for unread notices, polled every 60 s while signed in (spec §7, §9). */
export function NoticeBell({ user, seeded, className }: { user: SessionUser; seeded: boolean; className?: string }) {
  const t = useT();
  const [unread, setUnread] = useState(seeded);
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return (
    <Link
      to="/user/notice"
      className={`${classes.toolLink} ${classes.bell} ${className ?? ''}`}
      aria-label={t(unread ? 'header.notice.unread' : 'header.notice.label')}
      data-testid="notice-bell"
    >
      <BellIcon />
      {unread && <span className={classes.dot} data-testid="notice-dot" />}
      {mounted && (
        <Suspense fallback={null}>
          <NoticePoller userId={user.id} seeded={seeded} onChange={setUnread} />
        </Suspense>
      )}
    </Link>
  );
}
