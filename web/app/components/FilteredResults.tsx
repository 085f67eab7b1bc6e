import { useRouteLoaderData } from 'react-router';
import type { CompanyListPage } from '@brokerwise/api-contract';
import type { Settled } from '../lib/api';
import { countryName } from '../lib/format';
import type { Locale } from '../lib/locale';
import type { RootData } from '../lib/root-data';
import { SEARCH_PAGE_SIZE, type SearchQuery } from '../lib/search-query';
import { useT } from '../lib/use-t';
import { CompanyFilters } from './CompanyFilters';
import { Results } from './Results';
import classes from '../routes/list-page.module.css';

/**
 * A company list's filters beside its results (/search, /listing/:name). The filters are a GET
 * form to `pathname`; /search adds the name field and the category select (`withKeyword`).
 */
export function FilteredResults({ pathname, withKeyword = false, query, result, locale }: { pathname: string; withKeyword?: boolean; query: SearchQuery; result: Settled<CompanyListPage>; locale: Locale }) {
  const t = useT();
  const root = useRouteLoaderData<RootData>('root');
  const countries = root?.countries.ok ? root.countries.data : [];
  // A country outside the popular list is named from the results themselves.
  const resultCountry = result.ok ? result.data.list.find((c) => c.country.id === query.country)?.country : undefined;
  return (
    <div className={classes.layout}>
      <aside className={classes.aside}>
        <CompanyFilters
          key={JSON.stringify(query)}
          action={pathname}
          withKeyword={withKeyword}
          query={query}
          countries={countries}
          locale={locale}
          selectedCountryName={resultCountry ? countryName(resultCountry, locale) : null}
        />
      </aside>
      {/* A heading between the page's h1 and each company's h3, so headings go down one level at a time. */}
      <section className={classes.main} aria-labelledby="results-heading">
        <h2 id="results-heading" className="bw-visually-hidden">
          {t('search.results.label')}
        </h2>
        <Results result={result} query={query} pathname={pathname} locale={locale} limit={SEARCH_PAGE_SIZE} clearHref={pathname} />
      </section>
    </div>
  );
}
