import { ComingSoon } from '../components/account/AccountLayout';
import { RouteErrorContent } from '../components/StatusPage';
import { pageMeta } from '../lib/meta';
import { requireUser } from '../lib/session.server';
import { useT } from '../lib/use-t';
import type { Route } from './+types/user.creation';

/** Signed-in users only: this loader checks it itself (spec §6), never relying on a parent. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context);
  return null;
}

export const meta: Route.MetaFunction = ({ matches, location }) => pageMeta({ matches, location, title: { id: 'account.creation.title' }, noindex: true });

/** Creation centre (spec §2): publishing arrives with the media issue. */
export default function CreationCentre() {
  const t = useT();
  return <ComingSoon title={t('account.creation.title')} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorContent error={error} />;
}
