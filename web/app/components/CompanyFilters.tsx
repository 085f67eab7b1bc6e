import { Button, NativeSelect } from '@mantine/core';
import { useEffect, useRef, type FormEvent } from 'react';
import { Form, useNavigate } from 'react-router';
import type { Country } from '@brokerwise/api-contract';
import { countryName } from '../lib/format';
import type { Locale } from '../lib/locale';
import { CATEGORY_SLUGS, LICENCES, ORDERS, parseSearchQuery, RATINGS, searchHref, type Licence, type SearchQuery } from '../lib/search-query';
import { useT } from '../lib/use-t';
import classes from './Results.module.css';

export const CATEGORY_MESSAGE: Record<string, string> = {
  Brokers: 'header.nav.brokers',
  FinTech: 'header.nav.fintech',
  Lp: 'header.nav.liquidity',
  Pay: 'header.nav.payment',
};

const LICENCE_MESSAGE: Record<Licence, string> = {
  regulated: 'search.licence.regulated',
  unregulated: 'search.licence.unregulated',
};

/**
 * The company filters of /search and /listing/:name: country, minimum rating, licence status and
 * order (/search adds name and category). A GET form, so it works without script; with script a
 * changed select applies at once (the address changes, so the filters stay in the URL) and a
 * listing has no submit button. That button is hidden by CSS where the browser runs script
 * (`@media (scripting: enabled)`), from the first paint: taking it out at hydration moved the
 * results under it up on a phone (a layout shift Lighthouse counted). A select changed before the
 * page hydrated applies once it has. The chosen country may not be among the popular ones, so it
 * is kept as an option named by the caller.
 */
export function CompanyFilters(props: {
  action: string;
  query: SearchQuery;
  countries: Country[];
  locale: Locale;
  selectedCountryName: string | null;
  /** /search: a name field (which needs the button) and a category select. */
  withKeyword?: boolean;
}) {
  const t = useT();
  const navigate = useNavigate();
  const form = useRef<HTMLFormElement>(null);
  const { query, action } = props;
  const countryOptions = props.countries.map((c) => ({ value: c.id, label: countryName(c, props.locale) }));
  if (query.country && !countryOptions.some((o) => o.value === query.country)) {
    countryOptions.unshift({ value: query.country, label: props.selectedCountryName ?? t('search.filter.selectedCountry') });
  }

  // Selects apply when changed; typing a name waits for the button (or Enter).
  const apply = (filters: HTMLFormElement) => {
    const fields = new URLSearchParams();
    for (const [name, value] of new FormData(filters)) if (typeof value === 'string') fields.append(name, value);
    void navigate(searchHref(action, { ...parseSearchQuery(fields), ...(props.withKeyword ? {} : { categories: query.categories }) }, 1), { preventScrollReset: true });
  };
  const applyOnChange = (event: FormEvent<HTMLFormElement>) => {
    if (event.target instanceof HTMLSelectElement) apply(event.currentTarget);
  };
  // A select changed before hydration (the listing shows no button then either): apply it now.
  // A select whose rendered choice is no option's default shows its first option.
  useEffect(() => {
    const filters = form.current;
    const changed = (select: HTMLSelectElement) => select.selectedIndex !== Math.max(0, [...select.options].findIndex((o) => o.defaultSelected));
    if (filters && [...filters.querySelectorAll('select')].some(changed)) apply(filters);
    // Once, at hydration: later changes go through onChange.
  }, []);

  return (
    <Form ref={form} method="get" action={action} className={classes.filters} aria-label={t('search.filter.label')} onChange={applyOnChange} data-testid="company-filters">
      {props.withKeyword && (
        <>
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
        </>
      )}
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
        data-testid="filter-rating"
      />
      <NativeSelect
        name="licence"
        label={t('search.filter.licence')}
        defaultValue={query.licence ?? ''}
        data={[{ value: '', label: t('search.filter.any') }, ...LICENCES.map((l) => ({ value: l, label: t(LICENCE_MESSAGE[l]) }))]}
        data-testid="filter-licence"
      />
      <NativeSelect
        name="order"
        label={t('search.filter.order')}
        defaultValue={query.order}
        data={ORDERS.map((o) => ({ value: o, label: t(`search.order.${o}`) }))}
        data-testid="filter-order"
      />
      <Button type="submit" className={props.withKeyword ? classes.apply : `${classes.apply} ${classes.withoutScript}`} data-testid="filters-apply">
        {t('search.filter.apply')}
      </Button>
    </Form>
  );
}
