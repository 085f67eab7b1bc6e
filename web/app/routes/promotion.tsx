import { data, Link, useLoaderData } from 'react-router';
import type { Promotion } from '@brokerwise/api-contract';
import * as ops from '@brokerwise/api-contract/paths';
import { companyHref } from '../components/CompanyCard';
import { ErrorNotice } from '../components/ErrorNotice';
import { Pagination } from '../components/Pagination';
import { SponsoredBadge, Validity } from '../components/promotions/PromotionParts';
import { RouteErrorContent } from '../components/StatusPage';
import { pageStatus, settle } from '../lib/api';
import { pageApi } from '../lib/api.server';
import { pageMeta, rootDataFrom } from '../lib/meta';
import { essayHref, promotionListHref, promotionListJsonLd, promotionPage } from '../lib/promotions';
import { useT } from '../lib/use-t';
import type { Route } from './+types/promotion';
import listClasses from './list-page.module.css';
import classes from './promotion.module.css';

/** /promotion?page=: the promotions running now, newest first, each labelled as sponsored. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { api } = pageApi(request, context);
  const page = promotionPage(new URL(request.url).searchParams.get('page'));
  const result = await settle(api.op(ops.promotions, { page }));
  return data({ page, result }, { status: pageStatus(result) });
}

export const meta: Route.MetaFunction = ({ matches, location, loaderData }) => {
  const page = loaderData?.page ?? 1;
  const result = loaderData?.result;
  const origin = rootDataFrom(matches)?.origin ?? '';
  return pageMeta({
    matches,
    location,
    title: page > 1 ? { id: 'promotion.page.titlePage', values: { page } } : { id: 'promotion.page.title' },
    description: { id: 'promotion.page.description' },
    canonicalParams: ['page'],
    ...(result?.ok && result.data.list.length > 0 ? { jsonLd: promotionListJsonLd(result.data.list, origin, (page - 1) * result.data.limit) } : {}),
  });
};

export default function Promotions() {
  const t = useT();
  const { page, result } = useLoaderData<typeof loader>();
  return (
    <div className="bw-container">
      <header className={listClasses.head}>
        <div>
          <h1 className={listClasses.title}>{t('promotion.page.title')}</h1>
          <p className={listClasses.lead}>{t('promotion.page.intro')}</p>
        </div>
      </header>
      <section className={classes.section} aria-label={t('promotion.list.label')}>
        {!result.ok ? (
          <ErrorNotice error={result.error} />
        ) : result.data.list.length === 0 ? (
          <div className={classes.empty} data-testid="promotion-empty">
            <p>{t('promotion.list.empty')}</p>
            {page > 1 ? <Link to={promotionListHref()}>{t('promotion.list.first')}</Link> : <Link to="/topbrokers">{t('promotion.list.browse')}</Link>}
          </div>
        ) : (
          <>
            <ul className={classes.grid} data-testid="promotion-list">
              {result.data.list.map((promotion) => (
                <li key={promotion.id}>
                  <PromotionCard promotion={promotion} />
                </li>
              ))}
            </ul>
            <Pagination page={page} total={result.data.total} limit={result.data.limit || 12} hrefFor={promotionListHref} />
          </>
        )}
      </section>
    </div>
  );
}

function PromotionCard({ promotion }: { promotion: Promotion }) {
  const t = useT();
  const href = essayHref(promotion.id);
  return (
    <article className={classes.card} data-testid="promotion-card" data-promotion-id={promotion.id}>
      <Link to={href} className={classes.cover} tabIndex={-1} aria-hidden="true">
        {promotion.company.logo && <img src={promotion.company.logo} alt="" width={72} height={72} loading="lazy" decoding="async" />}
      </Link>
      <div className={classes.body}>
        <div className={classes.labels}>
          <SponsoredBadge />
          <Link to={companyHref(promotion.company.id)} className={classes.company} data-testid="promotion-company">
            {promotion.company.name}
          </Link>
        </div>
        <h2 className={classes.title}>
          <Link to={href} data-testid="promotion-title">
            {promotion.title}
          </Link>
        </h2>
        <p className={classes.summary}>{promotion.summary}</p>
        <div className={classes.foot}>
          <Validity promotion={promotion} />
          <Link to={href} className={classes.more} aria-label={t('promotion.card.readMoreLabel', { title: promotion.title })}>
            {t('promotion.card.readMore')}
          </Link>
        </div>
      </div>
    </article>
  );
}

export const ErrorBoundary = RouteErrorContent;
