import { ComingSoon } from '../components/account/AccountLayout';
import { RouteErrorContent } from '../components/StatusPage';
import { pageMeta } from '../lib/meta';
import { requireUser } from '../lib/session.server';
import { useT } from '../lib/use-t';
import type { Route } from './+types/user.vlog';

/** Signed-in users only: this loader checks it itself (spec §6), never relying on a parent. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context);
  return null;
}

export const meta: Route.MetaFunction = ({ matches, location }) => pageMeta({ matches, location, title: { id: 'header.account.blog' }, noindex: true });

/** My blog (spec §2): the user's posts arrive with the media issue. */
export default function MyBlog() {
  const t = useT();
  return <ComingSoon title={t('header.account.blog')} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorContent error={error} />;
}
