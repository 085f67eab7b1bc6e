import { useEffect, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { safeLocalPath } from '@brokerwise/safe-url';
import type { Banner } from '@brokerwise/api-contract';
import { useResize } from '../lib/use-resize';
import { useT } from '../lib/use-t';
import { Picture, preloadPicture } from './Picture';
import classes from './BannerCarousel.module.css';

function BannerLink({ banner, children }: { banner: Banner; children: ReactNode }) {
  const local = safeLocalPath(banner.link);
  // Site-relative links stay in the app; others are partners' pages, on http(s) only.
  if (!local && !/^https?:\/\/[^/\\]/i.test(banner.link)) return <div className={classes.slideInner}>{children}</div>;
  return local ? (
    <Link to={local} className={classes.slideInner}>
      {children}
    </Link>
  ) : (
    <a href={banner.link} className={classes.slideInner} rel="noopener sponsored" target="_blank">
      {children}
    </a>
  );
}

/** The track fills the page column (.bw-container: 1200 px at most, 20 px padding each side). */
const BANNER_SIZES = '(min-width: 1240px) 1200px, calc(100vw - 40px)';

const slideId = (banner: Banner) => `banner-${banner.id}`;

/**
 * Home banners (spec §9: dots, no arrows, one slide per step). A CSS scroll-snap track: without
 * script it swipes and scrolls, and each dot is an in-page link to its slide. With script a dot
 * scrolls only the track (not the page, not the address) and the dot of the slide in view is marked.
 * Our own rather than a carousel library's, whose announcements were English-only.
 */
export function BannerCarousel({ banners }: { banners: Banner[] }) {
  const t = useT();
  const track = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState(0);
  const activeRef = useRef(active);
  activeRef.current = active;

  // A new width moves the slides under the track's scroll position: keep the marked slide in view.
  useResize(() => {
    const el = track.current;
    if (el && el.scrollLeft !== activeRef.current * el.clientWidth) el.scrollTo({ left: activeRef.current * el.clientWidth, behavior: 'auto' });
  });

  useEffect(() => {
    const el = track.current;
    if (!el || banners.length < 2) return;
    const settle = () => setActive(Math.min(banners.length - 1, Math.max(0, Math.round(el.scrollLeft / Math.max(1, el.clientWidth)))));
    // Mark the slide where scrolling comes to rest, not each slide a smooth scroll passes over.
    let timer = 0;
    const onScroll = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(settle, 120);
    };
    // The track may already have moved: a dot followed before hydration, or a restored scroll.
    settle();
    el.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.clearTimeout(timer);
      el.removeEventListener('scroll', onScroll);
    };
  }, [banners.length]);

  if (banners.length === 0) return null;
  // The first banner is the home page's largest paint: in the head, in the size this screen takes.
  preloadPicture(banners[0]!.image, banners[0]!.srcset, BANNER_SIZES);

  const show = (event: MouseEvent<HTMLAnchorElement>, index: number) => {
    const el = track.current;
    if (!el) return;
    event.preventDefault();
    const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    el.scrollTo({ left: index * el.clientWidth, behavior: reduced ? 'auto' : 'smooth' });
    setActive(index);
  };

  return (
    // The home page's section around it is the labelled region.
    <div className={classes.carousel} data-testid="banner-carousel">
      <div className={classes.track} ref={track}>
        {banners.map((banner, index) => (
          <div
            key={banner.id}
            id={slideId(banner)}
            className={classes.slide}
            role="group"
            aria-roledescription={t('home.banner.slideRole')}
            aria-label={t('home.banner.slide', { index: index + 1, total: banners.length })}
          >
            <BannerLink banner={banner}>
              <Picture
                sources={banner.srcset}
                sizes={BANNER_SIZES}
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
          </div>
        ))}
      </div>
      {banners.length > 1 && (
        <nav className={classes.dots} aria-label={t('home.banner.dots')}>
          {banners.map((banner, index) => (
            <a
              key={banner.id}
              href={`#${slideId(banner)}`}
              className={classes.dot}
              aria-label={t('home.banner.goTo', { index: index + 1 })}
              aria-current={index === active ? 'true' : undefined}
              data-testid="banner-dot"
              onClick={(event) => show(event, index)}
            />
          ))}
        </nav>
      )}
    </div>
  );
}
