import '@mantine/carousel/styles.css';

import { Carousel } from '@mantine/carousel';
import { Link } from 'react-router';
import type { Banner } from '../../../gateway/src/contract.ts';
import { useT } from '../lib/use-t';
import classes from './BannerCarousel.module.css';

function BannerLink({ banner, children }: { banner: Banner; children: React.ReactNode }) {
  if (!banner.link) return <div className={classes.slideInner}>{children}</div>;
  // Site-relative links stay in the app; others are partners' pages.
  return banner.link.startsWith('/') ? (
    <Link to={banner.link} className={classes.slideInner}>
      {children}
    </Link>
  ) : (
    <a href={banner.link} className={classes.slideInner} rel="noopener sponsored" target="_blank">
      {children}
    </a>
  );
}

/**
 * Home banners (spec §9: dots, no arrows, one slide per step). Server-rendered as a row of slides
 * in a clipped viewport, so without script the first banner shows. Banner artwork carries its own
 * text (3:1), so the title is the image's alternative text rather than an overlay.
 */
export function BannerCarousel({ banners }: { banners: Banner[] }) {
  const t = useT();
  if (banners.length === 0) return null;
  return (
    <Carousel
      className={classes.carousel}
      classNames={{ indicator: classes.indicator, indicators: classes.indicators }}
      withControls={false}
      withIndicators={banners.length > 1}
      emblaOptions={{ loop: true, align: 'start', slidesToScroll: 1 }}
      slideSize="100%"
      aria-roledescription="carousel"
      aria-label={t('home.banner.label')}
      getIndicatorProps={(index) => ({ 'aria-label': t('home.banner.goTo', { index: index + 1 }) })}
      data-testid="banner-carousel"
    >
      {banners.map((banner, index) => (
        <Carousel.Slide key={banner.id} aria-roledescription="slide" aria-label={t('home.banner.slide', { index: index + 1, total: banners.length })}>
          <BannerLink banner={banner}>
            <img
              className={classes.image}
              src={banner.image}
              alt={banner.title}
              width={1200}
              height={400}
              loading={index === 0 ? 'eager' : 'lazy'}
              fetchPriority={index === 0 ? 'high' : 'auto'}
              decoding="async"
            />
          </BannerLink>
        </Carousel.Slide>
      ))}
    </Carousel>
  );
}
