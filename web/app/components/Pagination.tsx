import { Link } from 'react-router';
import { useT } from '../lib/use-t';
import { ChevronLeft, ChevronRight } from './icons';
import classes from './Pagination.module.css';

/**
 * Pages to offer around the current one: first, last and a window of neighbours; null marks a gap.
 * `open`: the list goes on past `pages` (its total is a lower bound), so there is no last page to
 * offer, only a gap after the window.
 */
export function pageWindow(current: number, pages: number, radius = 1, open = false): (number | null)[] {
  const out: (number | null)[] = [];
  for (let p = 1; p <= pages; p++) {
    if (p === 1 || (p === pages && !open) || Math.abs(p - current) <= radius) out.push(p);
    else if (out[out.length - 1] !== null) out.push(null);
  }
  if (open && out[out.length - 1] !== null) out.push(null);
  return out;
}

/**
 * Real links (crawlable, work without script) to each page of a result list. `more`: there are more
 * items than `total` (a lower bound), so the pages go on at least one item past it.
 */
export function Pagination(props: { page: number; total: number; more?: boolean | undefined; limit: number; hrefFor: (page: number) => string }) {
  const t = useT();
  const pages = Math.max(1, Math.ceil((props.total + (props.more ? 1 : 0)) / props.limit));
  if (pages <= 1) return null;
  const page = Math.min(Math.max(1, props.page), pages);
  return (
    <nav className={classes.nav} aria-label={t('pagination.nav.label')}>
      {page > 1 ? (
        <Link to={props.hrefFor(page - 1)} className={classes.item} rel="prev" aria-label={t('pagination.nav.previous')}>
          <ChevronLeft />
        </Link>
      ) : (
        <span className={classes.item} data-disabled="" aria-hidden="true">
          <ChevronLeft />
        </span>
      )}
      {pageWindow(page, pages, 1, props.more).map((p, i) =>
        p === null ? (
          <span key={`gap-${i}`} className={classes.gap} aria-hidden="true">
            …
          </span>
        ) : (
          <Link
            key={p}
            to={props.hrefFor(p)}
            className={classes.item}
            aria-current={p === page ? 'page' : undefined}
            aria-label={t('pagination.nav.page', { page: p })}
          >
            {p}
          </Link>
        ),
      )}
      {page < pages ? (
        <Link to={props.hrefFor(page + 1)} className={classes.item} rel="next" aria-label={t('pagination.nav.next')}>
          <ChevronRight />
        </Link>
      ) : (
        <span className={classes.item} data-disabled="" aria-hidden="true">
          <ChevronRight />
        </span>
      )}
    </nav>
  );
}
