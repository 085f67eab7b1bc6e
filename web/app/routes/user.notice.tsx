import { ComingSoon } from '../components/account/AccountLayout';
import { RouteErrorContent } from '../components/StatusPage';
import { pageMeta } from '../lib/meta';
import { requireUser } from '../lib/session.server';
import { useT } from '../lib/use-t';
import type { Route } from './+types/user.notice';

/** Signed-in users only: this loader checks it itself (spec §6), never relying on a parent. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context);
  return null;
}

export const meta: Route.MetaFunction = ({ matches, location }) => pageMeta({ matches, location, title: { id: 'header.notice.label' }, noindex: true });

/** Notices and system notifications (spec §2): arrive with the notifications issue. */
export default function Notices() {
  const t = useT();
  return <ComingSoon title={t('header.notice.label')} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorContent error={error} />;
}
