import { useT } from '../lib/use-t';
import { StarRow } from './icons';
import classes from './CompanyCard.module.css';

/** Score out of 5 as a number and five partly filled stars; the text alternative says it in words. */
export function Score({ score, reviewCount }: { score: number; reviewCount?: number }) {
  const t = useT();
  const value = Math.max(0, Math.min(5, score));
  return (
    <div className={classes.score}>
      <span className={classes.scoreValue}>{value.toFixed(1)}</span>
      <span className={classes.stars} role="img" aria-label={t('company.score.label', { score: value.toFixed(1) })}>
        <StarRow value={value} size={15} />
      </span>
      {reviewCount !== undefined && (
        <span className={classes.reviewCount}>{t('company.score.reviews', { count: reviewCount })}</span>
      )}
    </div>
  );
}
