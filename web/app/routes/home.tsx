import { useIntl } from 'react-intl';
import { data, useLoaderData } from 'react-router';
import type { PublicReview } from '@brokerwise/api-contract';
import * as ops from '@brokerwise/api-contract/paths';
import { BannerCarousel } from '../components/BannerCarousel';
import { CategoryTiles } from '../components/CategoryTiles';
import { CompanyCard, companyHref } from '../components/CompanyCard';
import { StarRow } from '../components/icons';
import { ErrorNotice } from '../components/ErrorNotice';
import { SearchBox } from '../components/SearchBox';
import { SiteLink } from '../components/SiteLink';
import { RouteErrorContent } from '../components/StatusPage';
import { pageStatus, partOf, settle } from '../lib/api';
import { pageApi } from '../lib/api.server';
import { pageMeta } from '../lib/meta';
import { formatShortDate } from '../lib/short-date';
import { useT } from '../lib/use-t';
import type { Route } from './+types/home';
import classes from './home.module.css';

export async function loader({ request, context }: Route.LoaderArgs) {
  const { locale, api } = pageApi(request, context);
  // One call for the page's data (ADR 036): banners, the first 12 by score, categories and the 6
  // newest reviews, each part as its own operation answers it (and fails alone).
  const page = await settle(api.op(ops.homePage));
  const banners = partOf(page, (d) => d.banners);
  const brands = partOf(page, (d) => d.brands);
  const categories = partOf(page, (d) => d.categories);
  const recent = partOf(page, (d) => d.recentReviews);
  // Recent reviews are approved ones only; none (or a failed call) hides the section: never fake reviews.
  const recentReviews = recent.ok && Array.isArray(recent.data) ? recent.data.filter((r) => r.status === 'approved' && r.company.id) : [];
  // Sections that failed show a notice; if nothing could be loaded the status says why: 503 only
  // when the API could not serve, a refusal (e.g. too many requests) keeps its 4xx.
  const allFailed = !banners.ok && !brands.ok && !categories.ok;
  return data({ locale, banners, brands, categories, recentReviews }, { status: allFailed ? pageStatus(banners, brands, categories) : 200 });
}

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta({ matches, location, title: { id: 'app.meta.siteName' }, description: { id: 'app.meta.description' } });

export default function Home() {
  const t = useT();
  const { locale, banners, brands, categories, recentReviews } = useLoaderData<typeof loader>();

  return (
    <div className="bw-container">
      <section className={classes.bannerSection} aria-label={t('home.banner.label')}>
        {banners.ok ? <BannerCarousel banners={banners.data.list} /> : <ErrorNotice error={banners.error} />}
      </section>

      <section className={classes.searchCard} aria-labelledby="home-title">
        <h1 id="home-title" className={classes.title}>
          {t('home.hero.title')}
        </h1>
        <p className={classes.subtitle}>{t('home.hero.subtitle')}</p>
        <SearchBox />
      </section>

      <section className={classes.section} aria-labelledby="home-categories">
        <div className={classes.sectionHead}>
          <h2 id="home-categories" className={classes.sectionTitle}>
            {t('home.categories.title')}
          </h2>
        </div>
        {categories.ok ? <CategoryTiles categories={categories.data} /> : <ErrorNotice error={categories.error} />}
      </section>

      <section className={classes.section} aria-labelledby="home-brands" data-testid="popular-brands">
        <div className={classes.sectionHead}>
          <div>
            <h2 id="home-brands" className={classes.sectionTitle}>
              {t('home.brands.title')}
            </h2>
            <p className={classes.sectionText}>{t('home.brands.subtitle')}</p>
          </div>
          <SiteLink to="/search?order=score" className={classes.more}>
            {t('home.brands.viewAll')}
          </SiteLink>
        </div>
        {brands.ok ? (
          brands.data.list.length > 0 ? (
            <ul className={classes.brandGrid}>
              {brands.data.list.map((company) => (
                <li key={company.id}>
                  <CompanyCard company={company} locale={locale} />
                </li>
              ))}
            </ul>
          ) : (
            <p className={classes.sectionText}>{t('home.brands.empty')}</p>
          )
        ) : (
          <ErrorNotice error={brands.error} />
        )}
      </section>

      {recentReviews.length > 0 && (
        <section className={classes.section} aria-labelledby="home-reviews" data-testid="recent-reviews">
          <div className={classes.sectionHead}>
            <h2 id="home-reviews" className={classes.sectionTitle}>
              {t('home.reviews.title')}
            </h2>
          </div>
          <ul className={classes.reviewGrid}>
            {recentReviews.map((review) => (
              <li key={review.id}>
                <RecentReview review={review} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

/**
 * One approved review: plain markup that adds no library to the home page's script (the page's JS
 * budget is nearly spent); the reviews components of /detail stay out of this bundle.
 */
function RecentReview({ review }: { review: PublicReview }) {
  const t = useT();
  const intl = useIntl();
  const stars = Math.max(0, Math.min(5, Math.round(review.score)));
  const date = new Date(review.date);
  return (
    <article className={classes.reviewCard} data-testid="recent-review">
      <SiteLink to={companyHref(review.company.id)} className={classes.reviewCompany}>
        {review.company.logo && <img src={review.company.logo} alt="" width={32} height={32} loading="lazy" />}
        <span>{review.company.name}</span>
      </SiteLink>
      <span className={classes.reviewStars} role="img" aria-label={t('review.stars.label', { score: stars })}>
        <StarRow value={stars} size={14} />
      </span>
      <p className={classes.reviewText}>{review.content}</p>
      <p className={classes.reviewMeta}>
        {review.author.username}
        {review.verifiedClient && ` · ${t('review.badge.verifiedClient')}`}
        {!Number.isNaN(date.getTime()) && (
          <>
            {' · '}
            <time dateTime={review.date}>{formatShortDate(intl, date)}</time>
          </>
        )}
      </p>
    </article>
  );
}

export const ErrorBoundary = RouteErrorContent;
