import { data, useLoaderData, useRouteLoaderData } from 'react-router';
import type { CompanyCard as Company, Page } from '../../../gateway/src/contract.ts';
import { Results, SearchFilters } from '../components/Results';
import { RouteErrorContent } from '../components/StatusPage';
import { pageStatus, refusedField, settle } from '../lib/api';
import { pageApi } from '../lib/api.server';
import { countryName } from '../lib/format';
import { pageMeta } from '../lib/meta';
import type { RootData } from '../lib/root-data';
import { parseSearchQuery, SEARCH_PAGE_SIZE, toBrokersListQuery } from '../lib/search-query';
import { useT } from '../lib/use-t';
import type { Route } from './+types/search';
import classes from './list-page.module.css';

export async function loader({ request, context }: Route.LoaderArgs) {
  const { locale, api } = pageApi(request, context);
  let query = parseSearchQuery(new URL(request.url).searchParams);
  let result = await settle(api.get<Page<Company>>('/api/brokers/brokersList', { ...toBrokersListQuery(query) }));
  // A country id is opaque: only the API knows one it can't read. An unknown filter is ignored.
  if (query.country && refusedField(result, 'country')) {
    query = { ...query, country: '' };
    result = await settle(api.get<Page<Company>>('/api/brokers/brokersList', { ...toBrokersListQuery(query) }));
  }
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
  const root = useRouteLoaderData<RootData>('root');
  const countries = root?.countries.ok ? root.countries.data : [];
  // A country outside the popular list is named from the results themselves.
  const resultCountry = result.ok ? result.data.list.find((c) => c.country.id === query.country)?.country : undefined;

  return (
    <div className="bw-container">
      <header className={classes.head}>
        <div>
          <h1 className={classes.title}>{t('search.page.heading')}</h1>
          <p className={classes.lead}>{t('search.page.description')}</p>
        </div>
      </header>
      <div className={classes.layout}>
        <aside className={classes.aside}>
          <SearchFilters
            key={JSON.stringify(query)}
            query={query}
            countries={countries}
            locale={locale}
            selectedCountryName={resultCountry ? countryName(resultCountry, locale) : null}
          />
        </aside>
        <section className={classes.main} aria-label={t('search.results.label')}>
          <Results result={result} query={query} pathname="/search" locale={locale} limit={SEARCH_PAGE_SIZE} clearHref="/search" />
        </section>
      </div>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorContent error={error} />;
}
