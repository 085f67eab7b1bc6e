import type { ComplaintCard } from '@brokerwise/api-contract';
import { useT } from '../../lib/use-t';
import { ReviewDate } from '../reviews/Stars';
import { SiteLink } from '../SiteLink';
import { CATEGORY_LABEL, casePath, STATUS_BADGE, STATUS_LABEL } from './labels';
import classes from '../reviews/Reviews.module.css';
import own from './Complaints.module.css';

/** Cases as a list: company, category, amount, status, clock; each links to its page. */
export function ComplaintList({ items, showCompany = true }: { items: ComplaintCard[]; showCompany?: boolean }) {
  const t = useT();
  return (
    <ol className={classes.list} data-testid="complaint-list">
      {items.map((c) => (
        <li key={c.id} className={classes.item} data-testid="complaint-item" data-status={c.status}>
          <article className={classes.review}>
            <header className={classes.reviewHead}>
              {showCompany && <span className={classes.author}>{c.company.name}</span>}
              <span>{t(CATEGORY_LABEL[c.category])}</span>
              <span className={classes.badge} data-status={STATUS_BADGE[c.status]} data-testid="complaint-status">
                {t(STATUS_LABEL[c.status])}
              </span>
              <ReviewDate date={c.publishedAt ?? c.createdAt} />
            </header>
            <p className={classes.content}>{c.content.length > 240 ? `${c.content.slice(0, 240)}…` : c.content}</p>
            <p className={own.meta}>
              <span>{t('complaints.item.amount', { amount: c.amount, currency: c.currency })}</span>
              {c.workingDaysLeft !== null && <span>{t(c.status === 'awaiting_user' ? 'complaints.clock.userLeft' : 'complaints.clock.left', { days: c.workingDaysLeft })}</span>}
              <SiteLink to={casePath(c.id)} className={classes.link} data-testid="complaint-open">
                {t('complaints.item.open')}
              </SiteLink>
            </p>
          </article>
        </li>
      ))}
    </ol>
  );
}
