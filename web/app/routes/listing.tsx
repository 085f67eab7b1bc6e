import { data, redirect, useLoaderData } from 'react-router';
import { FilteredResults } from '../components/FilteredResults';
import { RouteErrorContent } from '../components/StatusPage';
import { pageStatus } from '../lib/api';
import { pageApi } from '../lib/api.server';
import { loadCompanies } from '../lib/company-search.server';
import { pageMeta } from '../lib/meta';
import { isCategorySlug, parseSearchQuery } from '../lib/search-query';
import { useT } from '../lib/use-t';
import type { Route } from './+types/listing';
import classes from './list-page.module.css';

/**
 * /listing/{Brokers|FinTech|Lp|Pay}: one category's companies, filtered like /search (country,
 * rating, licence status; no name); any other name is unknown (→ /404).
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  if (!isCategorySlug(params.name)) throw redirect('/404');
  const { locale, api } = pageApi(request, context);
  const { query, result } = await loadCompanies(api, { ...parseSearchQuery(new URL(request.url).searchParams), categories: params.name, keyword: '' });
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
      </header>
      <FilteredResults pathname={pathname} query={query} result={result} locale={locale} />
    </div>
  );
}

export const ErrorBoundary = RouteErrorContent;
