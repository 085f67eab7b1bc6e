import { NavLink } from 'react-router';
import type { UserRole } from '@brokerwise/api-contract';
import { useT } from '../../lib/use-t';
import { useSession } from '../SessionProvider';
import { sectionsFor } from './admin-links';
import classes from './AdminNav.module.css';

/**
 * The one navigation of every /admin/* page: the screens the signed-in role may use. `role`
 * defaults to the session's (set from the server's profile by the root loader).
 */
export function AdminNav({ role }: { role?: UserRole | undefined }) {
  const t = useT();
  const { user } = useSession();
  role ??= user?.role ?? (user?.isAdmin ? 'admin' : 'user');
  return (
    <nav className={classes.nav} aria-label={t('admin.nav.label')} data-testid="admin-nav">
      <ul className={classes.list}>
        {sectionsFor(role).map((s) => (
          <li key={s.to}>
            <NavLink to={s.to} className={({ isActive }) => `${classes.link} ${isActive ? classes.active : ''}`} data-testid={`admin-nav-${s.to.slice('/admin/'.length)}`}>
              {t(s.messageId)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
