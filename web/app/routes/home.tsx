import { data, Link, useLoaderData } from 'react-router';
import type { Banner, Category, CompanyCard as Company, Page } from '../../../gateway/src/contract.ts';
import { BannerCarousel } from '../components/BannerCarousel';
import { CategoryTiles } from '../components/CategoryTiles';
import { CompanyCard } from '../components/CompanyCard';
import { ErrorNotice } from '../components/ErrorNotice';
import { SearchBox } from '../components/SearchBox';
import { RouteErrorContent } from '../components/StatusPage';
import { settle } from '../lib/api';
import { pageApi } from '../lib/api.server';
import { pageMeta } from '../lib/meta';
import { useT } from '../lib/use-t';
import type { Route } from './+types/home';
import classes from './home.module.css';

export async function loader({ request, context }: Route.LoaderArgs) {
  const { locale, api } = pageApi(request, context);
  const [banners, brands, categories] = await Promise.all([
    settle(api.get<Page<Banner>>('/api/brokers/getBannerList', { page: 1, limit: 5 })),
    settle(api.get<Page<Company>>('/api/brokers/brokersList', { page: 1, limit: 12, order: 'score' })),
    settle(api.get<Category[]>('/api/brokers/categories')),
  ]);
  // Sections that failed show a notice; if nothing could be loaded the API is down: say so in the status.
  const allFailed = !banners.ok && !brands.ok && !categories.ok;
  return data({ locale, banners, brands, categories }, { status: allFailed ? 503 : 200 });
}

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta({ matches, location, title: { id: 'app.meta.siteName' }, description: { id: 'app.meta.description' } });

export default function Home() {
  const t = useT();
  const { locale, banners, brands, categories } = useLoaderData<typeof loader>();

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
          <Link to="/search?order=score" className={classes.more}>
            {t('home.brands.viewAll')}
          </Link>
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

      {/* Recent reviews (spec §2, home): built together with reviews; render that section here. */}
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorContent error={error} />;
}
