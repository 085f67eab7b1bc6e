import { Button, NativeSelect } from '@mantine/core';
import { Form, Link } from 'react-router';
import type { CompanyCard as Company, Country, Page } from '../../../gateway/src/contract.ts';
import type { Settled } from '../lib/api';
import { countryName } from '../lib/format';
import type { Locale } from '../lib/locale';
import { CATEGORY_SLUGS, ORDERS, RATINGS, searchHref, type SearchQuery } from '../lib/search-query';
import { useT } from '../lib/use-t';
import { CompanyCard } from './CompanyCard';
import { ErrorNotice } from './ErrorNotice';
import { Pagination } from './Pagination';
import classes from './Results.module.css';

export const CATEGORY_MESSAGE: Record<string, string> = {
  Brokers: 'header.nav.brokers',
  FinTech: 'header.nav.fintech',
  Lp: 'header.nav.liquidity',
  Pay: 'header.nav.payment',
};

/** A result list with its count, empty state and page links; used by /search and /listing/:name. */
export function Results(props: {
  result: Settled<Page<Company>>;
  query: SearchQuery;
  pathname: string;
  locale: Locale;
  limit: number;
  clearHref: string;
}) {
  const t = useT();
  const { result, query } = props;
  if (!result.ok) return <ErrorNotice error={result.error} />;
  const { list, total } = result.data;
  // A page past the end (an old link, a hand-edited address): say so and link to the last page.
  if (list.length === 0 && total > 0 && query.page > 1) {
    const last = Math.max(1, Math.ceil(total / props.limit));
    return (
      <div className={classes.empty} data-testid="results-past-end">
        <h2 className={classes.emptyTitle}>{t('search.pastEnd.title')}</h2>
        <p>{t('search.pastEnd.text', { last })}</p>
        <Button component={Link} to={searchHref(props.pathname, query, last)} variant="light">
          {t('search.pastEnd.last')}
        </Button>
      </div>
    );
  }
  if (list.length === 0) {
    return (
      <div className={classes.empty} data-testid="results-empty">
        <h2 className={classes.emptyTitle}>{t('search.empty.title')}</h2>
        <p>{t('search.empty.text')}</p>
        <Button component={Link} to={props.clearHref} variant="light">
          {t('search.empty.clear')}
        </Button>
      </div>
    );
  }
  return (
    <>
      <p className={classes.count} data-testid="results-count" aria-live="polite">
        {query.keyword
          ? t('search.results.countFor', { count: total, keyword: query.keyword })
          : t('search.results.count', { count: total })}
      </p>
      <ul className={classes.list} data-testid="results-list">
        {list.map((company) => (
          <li key={company.id}>
            <CompanyCard company={company} locale={props.locale} variant="row" />
          </li>
        ))}
      </ul>
      <Pagination page={query.page} total={total} limit={props.limit} hrefFor={(p) => searchHref(props.pathname, query, p)} />
    </>
  );
}

/** Sort order select; submitted with the filter form (GET), so it works without script. */
function OrderSelect({ value }: { value: string }) {
  const t = useT();
  return (
    <NativeSelect
      name="order"
      label={t('search.filter.order')}
      defaultValue={value}
      data={ORDERS.map((o) => ({ value: o, label: t(`search.order.${o}`) }))}
    />
  );
}

/** Filters of /search. The chosen country may not be among the popular ones, so it is kept as an option. */
export function SearchFilters(props: { query: SearchQuery; countries: Country[]; locale: Locale; selectedCountryName: string | null }) {
  const t = useT();
  const { query } = props;
  const countryOptions = props.countries.map((c) => ({ value: c.id, label: countryName(c, props.locale) }));
  if (query.country && !countryOptions.some((o) => o.value === query.country)) {
    countryOptions.unshift({ value: query.country, label: props.selectedCountryName ?? t('search.filter.selectedCountry') });
  }
  return (
    <Form method="get" action="/search" className={classes.filters} aria-label={t('search.filter.label')}>
      <label className={classes.keywordField}>
        <span className={classes.fieldLabel}>{t('search.filter.keyword')}</span>
        <input
          className={classes.keywordInput}
          type="search"
          name="keyword"
          defaultValue={query.keyword}
          maxLength={100}
          placeholder={t('search.box.placeholder')}
        />
      </label>
      <NativeSelect
        name="categories"
        label={t('search.filter.category')}
        defaultValue={query.categories ?? ''}
        data={[{ value: '', label: t('search.filter.any') }, ...CATEGORY_SLUGS.map((s) => ({ value: s, label: t(CATEGORY_MESSAGE[s]!) }))]}
      />
      <NativeSelect
        name="country"
        label={t('search.filter.country')}
        defaultValue={query.country}
        data={[{ value: '', label: t('search.filter.anyCountry') }, ...countryOptions]}
        data-testid="filter-country"
      />
      <NativeSelect
        name="rating"
        label={t('search.filter.rating')}
        defaultValue={query.rating ? String(query.rating) : ''}
        data={[{ value: '', label: t('search.filter.any') }, ...RATINGS.map((r) => ({ value: String(r), label: t('search.filter.ratingAtLeast', { rating: r }) }))]}
      />
      <OrderSelect value={query.order} />
      <Button type="submit" className={classes.apply}>
        {t('search.filter.apply')}
      </Button>
    </Form>
  );
}

/** The sort control of a category listing. */
export function ListingSort({ query, action }: { query: SearchQuery; action: string }) {
  const t = useT();
  return (
    <Form method="get" action={action} className={classes.sort}>
      <OrderSelect value={query.order} />
      <Button type="submit" variant="default">
        {t('search.filter.sort')}
      </Button>
    </Form>
  );
}
