import { data, useLoaderData } from 'react-router';
import { SimplePageView } from '../components/Article';
import { RouteErrorContent } from '../components/StatusPage';
import { aboutPage, developersPage, methodologyPage, traderChatPage } from '../content';
import { withOperations } from '../content/operations.server';
import { localeFromRequest } from '../lib/locale';
import { pageMeta } from '../lib/meta';
import type { Route } from './+types/content-page';

/**
 * The long-form pages written in Markdown per language (content/): one route module, registered
 * at each page's path in routes.ts. The page travels as loader data in the visitor's language only.
 * TraderChat's call to action points at /TraderChat#download, an anchor in its Markdown.
 * /developers gets the list of every /api operation appended to its #operations section.
 */
const PAGES = {
  '/about': { page: aboutPage, title: 'footer.links.about' },
  '/about/methodology': { page: methodologyPage, title: 'methodology.page.title' },
  '/developers': { page: developersPage, title: 'developers.page.title' },
  // Route paths match case-insensitively: the key is the lower-case path.
  '/traderchat': { page: traderChatPage, title: 'footer.links.traderChat' },
} as const;

const contentOf = (pathname: string) => PAGES[(pathname.replace(/\/+$/, '') || '/').toLowerCase() as keyof typeof PAGES];

export function loader({ request }: Route.LoaderArgs) {
  const content = contentOf(new URL(request.url).pathname);
  if (!content) throw data(null, { status: 404 });
  const page = content.page[localeFromRequest(request).locale];
  return { page: content.page === developersPage ? withOperations(page) : page };
}

export const meta: Route.MetaFunction = ({ matches, location, loaderData }) =>
  pageMeta({ matches, location, title: loaderData?.page.title ?? { id: contentOf(location.pathname)?.title ?? 'footer.links.about' }, description: loaderData?.page.description });

export default function ContentPage() {
  return <SimplePageView page={useLoaderData<typeof loader>().page} />;
}

export const ErrorBoundary = RouteErrorContent;
