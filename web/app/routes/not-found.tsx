import { data } from 'react-router';
import { NotFoundContent, RouteErrorContent } from '../components/StatusPage';
import { pageMeta } from '../lib/meta';
import type { Route } from './+types/not-found';

/** The page itself answers 404 so crawlers and monitors see the truth. */
export function loader() {
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta({ matches, location, title: { id: 'notFound.page.metaTitle' }, description: { id: 'notFound.page.text' }, noindex: true });

export default function NotFound() {
  return <NotFoundContent />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorContent error={error} />;
}
