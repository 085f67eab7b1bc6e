import { Button } from '@mantine/core';
import { Link } from 'react-router';
import type { CompanyListPage } from '@brokerwise/api-contract';
import type { Settled } from '../lib/api';
import type { Locale } from '../lib/locale';
import { searchHref, type SearchQuery } from '../lib/search-query';
import { useT } from '../lib/use-t';
import { CompanyCard } from './CompanyCard';
import { ErrorNotice } from './ErrorNotice';
import { Pagination } from './Pagination';
import classes from './Results.module.css';

/** A result list with its count, empty state and page links; used by /search and /listing/:name. */
export function Results(props: {
  result: Settled<CompanyListPage>;
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
  // A keyword search counts its matches exactly up to a limit; past it, `total` is a lower bound.
  const more = result.data.totalExact === false;
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
          ? t(more ? 'search.results.countForMore' : 'search.results.countFor', { count: total, keyword: query.keyword })
          : t(more ? 'search.results.countMore' : 'search.results.count', { count: total })}
      </p>
      <ul className={classes.list} data-testid="results-list">
        {list.map((company) => (
          <li key={company.id}>
            <CompanyCard company={company} locale={props.locale} variant="row" />
          </li>
        ))}
      </ul>
      <Pagination page={query.page} total={total} more={more} limit={props.limit} hrefFor={(p) => searchHref(props.pathname, query, p)} />
    </>
  );
}
