import { useLoaderData } from 'react-router';
import { SimplePageView } from '../components/Article';
import { RouteErrorContent } from '../components/StatusPage';
import { methodologyPage, methodologySectionIds } from '../content/methodology';
import { localeFromRequest } from '../lib/locale';
import { pageMeta } from '../lib/meta';
import type { Route } from './+types/methodology';

export function loader({ request }: Route.LoaderArgs) {
  return { page: methodologyPage[localeFromRequest(request).locale] };
}

export const meta: Route.MetaFunction = ({ matches, location, loaderData }) =>
  pageMeta({ matches, location, title: loaderData?.page.title ?? { id: 'methodology.page.title' }, description: loaderData?.page.lead });

export default function Methodology() {
  return <SimplePageView page={useLoaderData<typeof loader>().page} sectionIds={methodologySectionIds} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorContent error={error} />;
}
