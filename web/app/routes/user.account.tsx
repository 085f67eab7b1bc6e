import { ComingSoon } from '../components/account/AccountLayout';
import { RouteErrorContent } from '../components/StatusPage';
import { pageMeta } from '../lib/meta';
import { useT } from '../lib/use-t';
import type { Route } from './+types/user.account';

export const meta: Route.MetaFunction = ({ matches, location }) => pageMeta({ matches, location, title: { id: 'header.account.verify' }, noindex: true });

/** Live account verification (spec §2: no role required); the form arrives with the traders issue. */
export default function VerifyAccount() {
  const t = useT();
  return <ComingSoon title={t('header.account.verify')} guarded={false} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorContent error={error} />;
}
