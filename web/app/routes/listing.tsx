import { data, redirect, useLoaderData } from 'react-router';
import type { CompanyCard as Company, Page } from '../../../gateway/src/contract.ts';
import { ListingSort, Results } from '../components/Results';
import { RouteErrorContent } from '../components/StatusPage';
import { pageStatus, settle } from '../lib/api';
import { pageApi } from '../lib/api.server';
import { pageMeta } from '../lib/meta';
import { isCategorySlug, parseSearchQuery, SEARCH_PAGE_SIZE, toBrokersListQuery } from '../lib/search-query';
import { useT } from '../lib/use-t';
import type { Route } from './+types/listing';
import classes from './list-page.module.css';

/** /listing/{Brokers|FinTech|Lp|Pay}: one category's companies; any other name is unknown (→ /404). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  if (!isCategorySlug(params.name)) throw redirect('/404');
  const { locale, api } = pageApi(request, context);
  const query = { ...parseSearchQuery(new URL(request.url).searchParams), categories: params.name, keyword: '', country: '', rating: undefined };
  const result = await settle(api.get<Page<Company>>('/api/brokers/brokersList', { ...toBrokersListQuery(query) }));
  return data({ locale, slug: params.name, query, result }, { status: pageStatus(result) });
}

export const meta: Route.MetaFunction = ({ matches, location, params }) =>
  pageMeta({
    matches,
    location,
    title: { id: `listing.${isCategorySlug(params.name) ? params.name : 'Brokers'}.title` },
    description: { id: `listing.${isCategorySlug(params.name) ? params.name : 'Brokers'}.intro` },
  });

export default function Listing() {
  const t = useT();
  const { locale, slug, query, result } = useLoaderData<typeof loader>();
  const pathname = `/listing/${slug}`;
  return (
    <div className="bw-container">
      <header className={classes.head}>
        <div>
          <h1 className={classes.title}>{t(`listing.${slug}.title`)}</h1>
          <p className={classes.lead}>{t(`listing.${slug}.intro`)}</p>
        </div>
        <ListingSort key={query.order} query={query} action={pathname} />
      </header>
      <Results result={result} query={query} pathname={pathname} locale={locale} limit={SEARCH_PAGE_SIZE} clearHref={pathname} />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorContent error={error} />;
}
