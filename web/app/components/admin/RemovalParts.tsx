import { Link } from 'react-router';
import type { AdminDecideRemovalAppealBody, AdminRemovalAppeal, RemovalAppeal, UserRemoval, UserRemovalAppealBody } from '@brokerwise/api-contract';
import * as ops from '@brokerwise/api-contract/paths';
import { useT } from '../../lib/use-t';
import { useTraderFormat } from '../trader/format';
import { AppealDecideForm } from './AppealDecideForm';
import { AppealTextForm } from './AppealTextForm';
import { ruleMessageId } from './SanctionParts';
import classes from '../trader/Trader.module.css';

type Status = UserRemoval['status'] | AdminRemovalAppeal['status'];

const STATUS_IDS: Record<Status, string> = {
  rejected: 'removal.status.rejected',
  approved: 'removal.status.approved',
  pending: 'removal.status.pending',
  deleted: 'removal.status.deleted',
};
const DECISION_IDS: Record<NonNullable<RemovalAppeal['decision']>, string> = { restore: 'removalAppeal.status.restore', uphold: 'removalAppeal.status.uphold' };
const KIND_IDS: Record<UserRemoval['targetKind'], string> = { review: 'removal.kind.review', post: 'removal.kind.post', comment: 'removal.kind.comment' };

/** Removed content as its author and staff read it: what, why, under which rule, where it is now, and its appeal. */
export function RemovalSummary(p: {
  kind: UserRemoval['targetKind'];
  excerpt: string;
  reason: string;
  rule: string;
  removedAt: string;
  status: Status;
  link: string | null;
  appeal: RemovalAppeal | null;
  removedBy?: string;
}) {
  const t = useT();
  const f = useTraderFormat();
  return (
    <div data-testid="removal-summary" data-status={p.status} data-kind={p.kind}>
      <p>
        <strong>{t(KIND_IDS[p.kind])}</strong>
        {p.rule && ` · ${t(ruleMessageId(p.rule))}`}
        {' · '}
        <span className={classes.badge} data-testid="removal-status">
          {t(STATUS_IDS[p.status])}
        </span>
      </p>
      <blockquote data-testid="removal-excerpt">{p.excerpt}</blockquote>
      <p className={classes.small}>
        {p.removedBy !== undefined ? t('adminAppeals.removals.removedBy', { date: f.dateTime(p.removedAt), username: p.removedBy }) : t('removal.summary.removedOn', { date: f.dateTime(p.removedAt) })}
        {p.link && (
          <>
            {' · '}
            <Link to={p.link} className={classes.link}>
              {t('removal.summary.open')}
            </Link>
          </>
        )}
      </p>
      <p>{t('sanction.summary.reason', { reason: p.reason })}</p>
      {p.appeal && (
        <div className={classes.card} data-testid="removal-appeal-summary" data-decision={p.appeal.decision ?? 'pending'}>
          <p>{t('appeal.summary.text', { text: p.appeal.text })}</p>
          <p className={classes.small}>
            {p.appeal.decision === null ? t('appeal.status.pending') : t(DECISION_IDS[p.appeal.decision], { reason: p.appeal.decisionReason ?? '' })}
          </p>
        </div>
      )}
    </div>
  );
}

/** The author's appeal against one removal (10–1000 characters, once). */
export function RemovalAppealForm({ removalId }: { removalId: string }) {
  return (
    <AppealTextForm
      id={removalId}
      testId="removal-appeal"
      send={(api, text) => {
        const body: UserRemovalAppealBody = { removalId, text };
        return api.op(ops.removalAppeal, body);
      }}
    />
  );
}

/** A second moderator restores the content or keeps it removed, with a reason the author reads. */
export function RemovalDecideForm({ appealId }: { appealId: string }) {
  return (
    <AppealDecideForm<'restore' | 'uphold'>
      appealId={appealId}
      testId="admin-removal-appeal"
      buttons={[
        { decision: 'restore', label: 'adminAppeals.removals.restore', testId: 'admin-removal-appeal-restore' },
        { decision: 'uphold', label: 'adminAppeals.removals.uphold', testId: 'admin-removal-appeal-uphold' },
      ]}
      send={(api, decision, reason) => {
        const body: AdminDecideRemovalAppealBody = { appealId, decision, reason };
        return api.op(ops.adminDecideRemovalAppeal, body);
      }}
    />
  );
}
