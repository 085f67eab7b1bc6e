import { data, Link, useLoaderData } from 'react-router';
import type { RankedCompany } from '@brokerwise/api-contract';
import * as ops from '@brokerwise/api-contract/paths';
import { companyHref, RegulatedBadge } from '../components/CompanyCard';
import { ErrorNotice } from '../components/ErrorNotice';
import { Picture } from '../components/Picture';
import { MapPinIcon } from '../components/icons';
import { Pagination } from '../components/Pagination';
import { Score } from '../components/Score';
import { RouteErrorContent } from '../components/StatusPage';
import { pageStatus, settle } from '../lib/api';
import { pageApi } from '../lib/api.server';
import { countryName } from '../lib/format';
import type { Locale } from '../lib/locale';
import { pageMeta } from '../lib/meta';
import { useT } from '../lib/use-t';
import type { Route } from './+types/topbrokers';
import listClasses from './list-page.module.css';
import classes from './topbrokers.module.css';

/** The last page topBrokersList serves (its schema's maximum). */
export const MAX_TOP_PAGE = 1000;

/** The page number of `?page=`; anything malformed is page 1, anything past the last servable page is that page. */
export function topBrokersPage(value: string | null): number {
  if (!value || !/^\d+$/.test(value)) return 1;
  return Math.min(MAX_TOP_PAGE, Math.max(1, Number(value)));
}

export function topBrokersHref(page: number): string {
  return page > 1 ? `/topbrokers?page=${page}` : '/topbrokers';
}

/** /topbrokers: brokers ranked by score, among those with the minimum number of reviews. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { locale, api } = pageApi(request, context);
  const page = topBrokersPage(new URL(request.url).searchParams.get('page'));
  const result = await settle(api.op(ops.topBrokers, { page }));
  return data({ locale, page, result }, { status: pageStatus(result) });
}

export const meta: Route.MetaFunction = ({ matches, location, loaderData }) =>
  pageMeta({
    matches,
    location,
    title: loaderData && loaderData.page > 1 ? { id: 'topBrokers.page.titlePage', values: { page: loaderData.page } } : { id: 'topBrokers.page.title' },
    description: { id: 'topBrokers.page.description' },
    canonicalParams: ['page'],
  });

export default function TopBrokers() {
  const t = useT();
  const { locale, page, result } = useLoaderData<typeof loader>();
  return (
    <div className="bw-container">
      <header className={listClasses.head}>
        <div>
          <h1 className={listClasses.title}>{t('topBrokers.page.title')}</h1>
          <p className={listClasses.lead}>{t('topBrokers.page.intro')}</p>
          <p className={classes.method}>
            {t('topBrokers.page.method')}{' '}
            <Link to="/about/methodology" data-testid="methodology-link">
              {t('topBrokers.page.methodLink')}
            </Link>
          </p>
        </div>
      </header>
      <section className={classes.section} aria-label={t('topBrokers.list.label')}>
        {!result.ok ? (
          <ErrorNotice error={result.error} />
        ) : result.data.list.length === 0 ? (
          <div className={classes.empty} data-testid="ranking-empty">
            <p>{t('topBrokers.list.empty')}</p>
            {page > 1 && <Link to="/topbrokers">{t('topBrokers.list.first')}</Link>}
          </div>
        ) : (
          <>
            <ol className={classes.list} data-testid="ranking-list">
              {result.data.list.map((company) => (
                <li key={company.id} value={company.rank}>
                  <RankedRow company={company} locale={locale} />
                </li>
              ))}
            </ol>
            <Pagination page={page} total={result.data.total} limit={result.data.limit || 10} hrefFor={topBrokersHref} />
          </>
        )}
      </section>
    </div>
  );
}

function RankedRow({ company, locale }: { company: RankedCompany; locale: Locale }) {
  const t = useT();
  return (
    <Link to={companyHref(company.id)} className={classes.row} data-testid="ranked-company" data-company-id={company.id} data-count={company.reviewCount}>
      <span className={classes.rank} data-top={company.rank <= 3 ? company.rank : undefined} data-testid="rank">
        <span className="bw-visually-hidden">{t('topBrokers.list.rank')} </span>
        {company.rank}
      </span>
      <div className={classes.logoBox}>
        <Picture sources={company.logoSrcset} sizes="56px" src={company.logo} alt="" width={56} height={56} loading={company.rank <= 5 ? 'eager' : 'lazy'} decoding="async" />
      </div>
      <div className={classes.body}>
        <h2 className={classes.name}>{company.name}</h2>
        <span className={classes.meta}>
          <span className={classes.tag}>
            <MapPinIcon />
            {countryName(company.country, locale)}
          </span>
          {company.regulated && <RegulatedBadge />}
        </span>
      </div>
      <div className={classes.score}>
        <Score score={company.score} reviewCount={company.reviewCount} />
      </div>
    </Link>
  );
}

export const ErrorBoundary = RouteErrorContent;
