import { data, Link, useLoaderData } from 'react-router';
import type { PromotionDetail } from '@brokerwise/api-contract';
import * as ops from '@brokerwise/api-contract/paths';
import { companyHref } from '../components/CompanyCard';
import { ErrorNotice } from '../components/ErrorNotice';
import { SponsoredBadge, Validity } from '../components/promotions/PromotionParts';
import { Score } from '../components/Score';
import { RouteErrorContent } from '../components/StatusPage';
import { ApiError, type ApiFailure, failureStatus } from '../lib/api';
import { pageApi } from '../lib/api.server';
import { missingPageMeta, pageMeta, rootDataFrom } from '../lib/meta';
import { essayHref, isPromotionId, promotionJsonLd } from '../lib/promotions';
import { useT } from '../lib/use-t';
import type { Route } from './+types/essay';
import classes from './essay.module.css';

type Loaded = { ok: true; promotion: PromotionDetail } | { ok: false; error: ApiFailure };

/**
 * /essay?id=<slug>: one promotion as an article, clearly labelled as sponsored, with the company
 * it is about. Unknown, deleted and not yet started promotions are a real 404; ended ones still
 * open and say so.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const id = new URL(request.url).searchParams.get('id')?.trim() ?? '';
  if (!isPromotionId(id)) throw data(null, { status: 404 });
  const { locale, api } = pageApi(request, context);
  let loaded: Loaded;
  try {
    loaded = { ok: true, promotion: (await api.op(ops.promotionDetail, { id })).data };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.failure.status === 404 || error.failure.status === 400) throw data(null, { status: 404 });
    loaded = { ok: false, error: error.failure };
  }
  return data({ locale, id, loaded }, { status: failureStatus(loaded.ok ? undefined : loaded.error) });
}

export const meta: Route.MetaFunction = ({ matches, location, loaderData }) => {
  const promotion = loaderData?.loaded.ok ? loaderData.loaded.promotion : null;
  if (!promotion || !loaderData) {
    return missingPageMeta({ matches, location }, !loaderData, 'essay.page.unavailable');
  }
  const origin = rootDataFrom(matches)?.origin ?? '';
  return pageMeta({
    matches,
    location,
    title: { id: 'essay.page.metaTitle', values: { title: promotion.title, company: promotion.company.name } },
    description: promotion.summary,
    canonicalParams: ['id'],
    ogType: 'article',
    image: promotion.company.logo || null,
    jsonLd: promotionJsonLd(promotion, origin, `${origin}${essayHref(promotion.id)}`, loaderData.locale),
  });
};

export default function Essay() {
  const t = useT();
  const { loaded } = useLoaderData<typeof loader>();
  if (!loaded.ok) {
    return (
      <div className={`bw-container ${classes.page}`}>
        <h1 className={classes.title}>{t('essay.page.unavailable')}</h1>
        <ErrorNotice error={loaded.error} />
      </div>
    );
  }
  const p = loaded.promotion;
  return (
    <div className={`bw-container ${classes.page}`}>
      <Link to="/promotion" className={classes.back}>
        {t('essay.page.back')}
      </Link>
      <div className={classes.layout}>
        <article className={classes.article} data-testid="essay" data-status={p.status}>
          <header className={classes.head}>
            <SponsoredBadge long />
            <h1 className={classes.title}>{p.title}</h1>
            <Validity promotion={p} />
            {p.status === 'ended' && (
              <p className={classes.ended} role="note" data-testid="essay-ended">
                {t('essay.page.ended')}
              </p>
            )}
            <p className={classes.lead}>{p.summary}</p>
          </header>
          <div className={classes.body} data-testid="essay-body">
            {p.body.map((paragraph, i) => (
              <p key={i}>{paragraph}</p>
            ))}
          </div>
          {p.terms.length > 0 && (
            <section className={classes.terms} aria-labelledby="essay-terms" data-testid="essay-terms">
              <h2 id="essay-terms" className={classes.termsTitle}>
                {t('essay.terms.title')}
              </h2>
              {p.terms.map((paragraph, i) => (
                <p key={i}>{paragraph}</p>
              ))}
            </section>
          )}
          <p className={classes.disclosure} data-testid="essay-disclosure">
            {t('essay.disclosure.text', { company: p.company.name })}
          </p>
        </article>
        <aside className={classes.aside} aria-labelledby="essay-company">
          <CompanyBox promotion={p} />
        </aside>
      </div>
    </div>
  );
}

function CompanyBox({ promotion }: { promotion: PromotionDetail }) {
  const t = useT();
  const c = promotion.company;
  return (
    <div className={classes.company} data-testid="essay-company">
      <p className={classes.companyLabel}>{t('essay.company.title')}</p>
      <div className={classes.companyHead}>
        {c.logo && <img src={c.logo} alt={t('detail.header.logo', { name: c.name })} width={64} height={64} />}
        <h2 id="essay-company" className={classes.companyName}>
          <Link to={companyHref(c.id)}>{c.name}</Link>
        </h2>
      </div>
      <div className={classes.score}>
        <Score score={c.score} reviewCount={c.reviewCount} />
      </div>
      <div className={classes.actions}>
        {c.openAccountUrl && (
          <a href={c.openAccountUrl} target="_blank" rel="sponsored noopener nofollow" className={classes.primaryButton} data-testid="essay-open-account">
            {t('detail.header.openAccount')}
            <span className="bw-visually-hidden"> {t('detail.header.newTab')}</span>
          </a>
        )}
        <Link to={companyHref(c.id)} className={classes.secondaryButton} data-testid="essay-company-link">
          {t('essay.company.view', { name: c.name })}
        </Link>
      </div>
    </div>
  );
}

export const ErrorBoundary = RouteErrorContent;
