import { useLoaderData } from 'react-router';
import { SimplePageView } from '../components/Article';
import { RouteErrorContent } from '../components/StatusPage';
import { traderChatPage } from '../content/pages';
import { localeFromRequest } from '../lib/locale';
import { pageMeta } from '../lib/meta';
import type { Route } from './+types/trader-chat';

export function loader({ request }: Route.LoaderArgs) {
  return { page: traderChatPage[localeFromRequest(request).locale] };
}

export const meta: Route.MetaFunction = ({ matches, location, loaderData }) =>
  pageMeta({ matches, location, title: loaderData?.page.title ?? { id: 'footer.links.traderChat' }, description: loaderData?.page.lead });

export default function TraderChat() {
  const { page } = useLoaderData<typeof loader>();
  // The call to action points at /TraderChat#download: the last section is the one about downloading.
  return <SimplePageView page={page} sectionIds={{ [page.sections.length - 1]: 'download' }} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorContent error={error} />;
}
