import type { ComplaintCase, ComplaintRules } from '@brokerwise/api-contract';
import { useT } from '../../lib/use-t';
import list from '../reviews/Reviews.module.css';
import classes from './Complaints.module.css';

/**
 * What a case's clock says (ADR 031): whose turn it is and how long is left. A pending case says
 * how long the company will have, an expired one how long it had: the lengths the reviews service
 * is configured with (`rules`, the `complaintRules` operation); without them (that call failed)
 * those two say nothing rather than a number that may be wrong.
 */
export function ComplaintClock({ view, due, rules }: { view: ComplaintCase; due: string; rules: ComplaintRules | null }) {
  const t = useT();
  const c = view.complaint;
  let text: string | null = null;
  if (c.status === 'pending') text = rules && t('complaints.clock.pending', { days: rules.companyDays });
  else if (c.status === 'awaiting_company' && c.workingDaysLeft !== null) text = t('complaints.clock.awaitingCompany', { days: c.workingDaysLeft, due });
  else if (c.status === 'awaiting_user' && c.workingDaysLeft !== null)
    text = t(view.viewer === 'author' ? 'complaints.clock.awaitingYou' : 'complaints.clock.awaitingUserDue', { days: c.workingDaysLeft, due });
  else if (c.status === 'awaiting_user') text = t('complaints.clock.awaitingUser');
  else if (c.status === 'unresolved' && c.closedBy === 'clock') text = rules && t('complaints.clock.expired', { days: rules.companyDays });
  else if (c.status === 'lapsed') text = t('complaints.clock.lapsed');
  return text ? (
    <p className={classes.clock} data-testid="complaint-clock">
      {text}
    </p>
  ) : null;
}

/**
 * The introduction of `/complaints` (`list`) or of the moderators' `/admin/complaints` (`admin`),
 * with the clocks' lengths as configured; nothing without them.
 */
export function ComplaintsIntro({ page, rules }: { page: 'list' | 'admin'; rules: ComplaintRules | null }) {
  const t = useT();
  if (!rules) return null;
  return (
    <p className={list.muted} data-testid="complaints-intro">
      {page === 'list' ? t('complaints.list.intro', { companyDays: rules.companyDays, authorDays: rules.authorDays }) : t('complaints.admin.intro', { days: rules.companyDays })}
    </p>
  );
}
