import { useLoaderData } from 'react-router';
import { SimplePageView } from '../components/Article';
import { RouteErrorContent } from '../components/StatusPage';
import { aboutPage } from '../content/pages';
import { localeFromRequest } from '../lib/locale';
import { pageMeta } from '../lib/meta';
import type { Route } from './+types/about';

export function loader({ request }: Route.LoaderArgs) {
  return { page: aboutPage[localeFromRequest(request).locale] };
}

export const meta: Route.MetaFunction = ({ matches, location, loaderData }) =>
  pageMeta({ matches, location, title: loaderData?.page.title ?? { id: 'footer.links.about' }, description: loaderData?.page.lead });

export default function About() {
  return <SimplePageView page={useLoaderData<typeof loader>().page} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorContent error={error} />;
}
