import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import type { AdminDecideRemovalAppealBody, AdminRemovalAppeal, RemovalAppeal, UserRemoval, UserRemovalAppealBody } from '@brokerwise/api-contract';
import { fieldErrorsOf } from '../../lib/api';
import { useT } from '../../lib/use-t';
import { useHydrated } from '../account/use-form';
import { useTraderFormat } from '../trader/format';
import { useApiAction } from '../use-api-action';
import { AppealTextForm } from './AppealTextForm';
import { REASON_MAX, ruleMessageId, TextAreaField, useReasonCheck } from './SanctionParts';
import classes from '../trader/Trader.module.css';

type Status = UserRemoval['status'] | AdminRemovalAppeal['status'];

const STATUS_IDS: Record<Status, string> = {
  rejected: 'removal.status.rejected',
  approved: 'removal.status.approved',
  pending: 'removal.status.pending',
  deleted: 'removal.status.deleted',
};
const DECISION_IDS: Record<NonNullable<RemovalAppeal['decision']>, string> = { restore: 'removalAppeal.status.restore', uphold: 'removalAppeal.status.uphold' };

/** Removed content as its author and staff read it: what, why, under which rule, where it is now, and its appeal. */
export function RemovalSummary(p: { excerpt: string; reason: string; rule: string; removedAt: string; status: Status; link: string | null; appeal: RemovalAppeal | null; removedBy?: string }) {
  const t = useT();
  const f = useTraderFormat();
  return (
    <div data-testid="removal-summary" data-status={p.status}>
      <p>
        <strong>{t('removal.kind.review')}</strong>
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
        return api.post<RemovalAppeal>('/api/user/removalAppeal', body);
      }}
    />
  );
}

/** A second moderator restores the content or keeps it removed, with a reason the author reads. */
export function RemovalDecideForm({ appealId }: { appealId: string }) {
  const t = useT();
  const hydrated = useHydrated();
  const action = useApiAction<'restore' | 'uphold'>();
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const check = useReasonCheck();

  async function decide(decision: 'restore' | 'uphold') {
    const bad = check(reason);
    setError(bad);
    if (bad) return;
    const body: AdminDecideRemovalAppealBody = { appealId, decision, reason: reason.trim() };
    await action.run(decision, (api) => api.post<AdminRemovalAppeal>('/api/admin/removalAppeals/decide', body), {
      failed: (err) => {
        const fields = fieldErrorsOf(err);
        if (fields.reason) setError(fields.reason);
        return Boolean(fields.reason);
      },
    });
  }

  return (
    <form className={classes.form} onSubmit={(e: FormEvent) => e.preventDefault()} noValidate>
      <TextAreaField value={reason} onChange={setReason} error={error} id={`removal-decide-error-${appealId}`} testId="admin-removal-appeal-reason" label={t('adminAppeals.decide.reason')} max={REASON_MAX} />
      <div className={classes.actions}>
        <button type="button" className={classes.button} disabled={!hydrated || action.busy !== null} onClick={() => void decide('restore')} data-testid="admin-removal-appeal-restore">
          {t('adminAppeals.removals.restore')}
        </button>
        <button type="button" className={classes.buttonSecondary} disabled={!hydrated || action.busy !== null} onClick={() => void decide('uphold')} data-testid="admin-removal-appeal-uphold">
          {t('adminAppeals.removals.uphold')}
        </button>
      </div>
    </form>
  );
}
