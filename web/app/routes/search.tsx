import { data, useLoaderData } from 'react-router';
import { FilteredResults } from '../components/FilteredResults';
import { RouteErrorContent } from '../components/StatusPage';
import { pageStatus } from '../lib/api';
import { pageApi } from '../lib/api.server';
import { loadCompanies } from '../lib/company-search.server';
import { pageMeta } from '../lib/meta';
import { parseSearchQuery } from '../lib/search-query';
import { useT } from '../lib/use-t';
import type { Route } from './+types/search';
import classes from './list-page.module.css';

export async function loader({ request, context }: Route.LoaderArgs) {
  const { locale, api } = pageApi(request, context);
  const { query, result } = await loadCompanies(api, parseSearchQuery(new URL(request.url).searchParams));
  return data({ locale, query, result }, { status: pageStatus(result) });
}

export const meta: Route.MetaFunction = ({ matches, location, loaderData }) =>
  pageMeta({
    matches,
    location,
    title: loaderData?.query.keyword
      ? { id: 'search.page.titleFor', values: { keyword: loaderData.query.keyword } }
      : { id: 'search.page.title' },
    description: { id: 'search.page.description' },
  });

export default function Search() {
  const t = useT();
  const { locale, query, result } = useLoaderData<typeof loader>();

  return (
    <div className="bw-container">
      <header className={classes.head}>
        <div>
          <h1 className={classes.title}>{t('search.page.heading')}</h1>
          <p className={classes.lead}>{t('search.page.description')}</p>
        </div>
      </header>
      <FilteredResults pathname="/search" withKeyword query={query} result={result} locale={locale} />
    </div>
  );
}

export const ErrorBoundary = RouteErrorContent;
