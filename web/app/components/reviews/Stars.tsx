import { useIntl } from 'react-intl';
import { formatShortDate } from '../../lib/short-date';
import { useT } from '../../lib/use-t';
import { StarRow } from '../icons';
import classes from './Reviews.module.css';

/** A review's whole stars (1–5), with the number said in words for screen readers. */
export function Stars({ score, size = 16 }: { score: number; size?: number }) {
  const t = useT();
  const value = Math.max(0, Math.min(5, Math.round(score)));
  return (
    <span className={classes.stars} role="img" aria-label={t('review.stars.label', { score: value })} data-score={value}>
      <StarRow value={value} size={size} />
    </span>
  );
}

/** The date a review was last written; UTC, so the server's and the browser's renders agree. */
export function ReviewDate({ date }: { date: string }) {
  const intl = useIntl();
  const parsed = new Date(date);
  if (Number.isNaN(parsed.getTime())) return null;
  return (
    <time dateTime={date} className={classes.date}>
      {formatShortDate(intl, parsed)}
    </time>
  );
}
