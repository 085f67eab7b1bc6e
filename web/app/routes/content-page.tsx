import { data, useLoaderData } from 'react-router';
import { SimplePageView } from '../components/Article';
import { RouteErrorContent } from '../components/StatusPage';
import { aboutPage, developersPage, methodologyPage, traderChatPage } from '../content/index.server';
import { withOperations } from '../content/operations.server';
import { localeFromRequest } from '../lib/locale';
import { pageMeta } from '../lib/meta';
import type { Route } from './+types/content-page';

/**
 * The long-form pages written in Markdown per language (content/): one route module, registered
 * at each page's path in routes.ts. The page travels as loader data in the visitor's language only.
 * TraderChat's call to action points at /TraderChat#download, an anchor in its Markdown.
 * /developers gets the list of every /api operation appended to its #operations section.
 * Only the loader reads the documents, so no page's text is in the browser bundle (`meta` reads the
 * title from the loader data; without it, after an error, the title key below names the page).
 */
const TITLES = {
  '/about': 'footer.links.about',
  '/about/methodology': 'methodology.page.title',
  '/developers': 'developers.page.title',
  // Route paths match case-insensitively: the key is the lower-case path.
  '/traderchat': 'footer.links.traderChat',
} as const;
type ContentPath = keyof typeof TITLES;

const pathOf = (pathname: string): ContentPath | undefined => {
  const key = (pathname.replace(/\/+$/, '') || '/').toLowerCase();
  return key in TITLES ? (key as ContentPath) : undefined;
};

export function loader({ request }: Route.LoaderArgs) {
  const path = pathOf(new URL(request.url).pathname);
  if (!path) throw data(null, { status: 404 });
  const pages = {
    '/about': aboutPage,
    '/about/methodology': methodologyPage,
    '/developers': developersPage,
    '/traderchat': traderChatPage,
  } satisfies Record<ContentPath, unknown>;
  const page = pages[path][localeFromRequest(request).locale];
  return { page: path === '/developers' ? withOperations(page) : page };
}

export const meta: Route.MetaFunction = ({ matches, location, loaderData }) => {
  const path = pathOf(location.pathname);
  return pageMeta({ matches, location, title: loaderData?.page.title ?? { id: path ? TITLES[path] : 'footer.links.about' }, description: loaderData?.page.description });
};

export default function ContentPage() {
  return <SimplePageView page={useLoaderData<typeof loader>().page} />;
}

export const ErrorBoundary = RouteErrorContent;
