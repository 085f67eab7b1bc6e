import type { SanctionAppeal, SanctionKind, SanctionRule, UserSanction } from '@brokerwise/api-contract';
import { SANCTION_RULES } from '@brokerwise/api-contract';
import { useT } from '../../lib/use-t';
import { useTraderFormat } from '../trader/format';
import classes from '../trader/Trader.module.css';

/** The rules of the terms a sanction names, with their message ids (`sanction.rule.<rule>`). */
const RULE_IDS: Record<SanctionRule, string> = {
  illegal: 'sanction.rule.illegal',
  personal_data: 'sanction.rule.personalData',
  abuse: 'sanction.rule.abuse',
  fake_review: 'sanction.rule.fakeReview',
  conflict_of_interest: 'sanction.rule.conflictOfInterest',
  spam: 'sanction.rule.spam',
  impersonation: 'sanction.rule.impersonation',
  other: 'sanction.rule.other',
};
export const RULE_OPTIONS = SANCTION_RULES.map((rule) => ({ rule, messageId: RULE_IDS[rule] }));
export const ruleMessageId = (rule: string) => RULE_IDS[rule as SanctionRule] ?? RULE_IDS.other;

export const KIND_IDS: Record<SanctionKind, string> = { warn: 'sanction.kind.warn', restrict: 'sanction.kind.restrict', freeze: 'sanction.kind.freeze' };

/** Reasons and lifts: 1–500 characters; appeals 10–1000 (the server checks both again). */
export const REASON_MAX = 500;
export const APPEAL_TEXT = { min: 10, max: 1000 } as const;

/** One sanction as both its user and staff read it: what, why, under which rule, until when, and its appeal. */
export function SanctionSummary({ sanction, by }: { sanction: UserSanction; by?: { imposed: string; lifted: string | null } }) {
  const t = useT();
  const f = useTraderFormat();
  return (
    <div data-testid="sanction-summary" data-kind={sanction.kind} data-active={sanction.active ? '' : undefined}>
      <p>
        <strong>{t(KIND_IDS[sanction.kind])}</strong>
        {' · '}
        {t(ruleMessageId(sanction.rule))}
        {' · '}
        <span className={classes.badge}>{t(sanction.active ? 'sanction.status.active' : sanction.liftedAt ? 'sanction.status.lifted' : 'sanction.status.ended')}</span>
      </p>
      <p className={classes.small}>
        {t('sanction.summary.imposedOn', { date: f.dateTime(sanction.imposedAt) })}
        {by && ` · ${t('sanction.summary.by', { username: by.imposed })}`}
        {sanction.endsAt && ` · ${t('sanction.summary.until', { date: f.dateTime(sanction.endsAt) })}`}
      </p>
      <p>{t('sanction.summary.reason', { reason: sanction.reason })}</p>
      {sanction.liftedAt && (
        <p className={classes.small}>
          {t('sanction.summary.liftedOn', { date: f.dateTime(sanction.liftedAt), reason: sanction.liftReason ?? '' })}
          {by?.lifted && ` · ${t('sanction.summary.by', { username: by.lifted })}`}
        </p>
      )}
      {sanction.appeal && <AppealSummary appeal={sanction.appeal} />}
    </div>
  );
}

export function AppealSummary({ appeal }: { appeal: SanctionAppeal }) {
  const t = useT();
  return (
    <div className={classes.card} data-testid="appeal-summary" data-decision={appeal.decision ?? 'pending'}>
      <p>{t('appeal.summary.text', { text: appeal.text })}</p>
      <p className={classes.small}>
        {appeal.decision === null ? t('appeal.status.pending') : t(appeal.decision === 'lift' ? 'appeal.status.lift' : 'appeal.status.uphold', { reason: appeal.decisionReason ?? '' })}
      </p>
    </div>
  );
}

/** A labelled textarea with its message under it (staff reasons, appeals). */
export function TextAreaField(p: { label: string; value: string; onChange: (v: string) => void; error: string; id: string; testId: string; max: number; rows?: number }) {
  return (
    <>
      <label className={classes.field}>
        {p.label}
        <textarea
          className={classes.input}
          rows={p.rows ?? 3}
          value={p.value}
          maxLength={p.max}
          onChange={(e) => p.onChange(e.target.value)}
          aria-invalid={p.error ? true : undefined}
          aria-describedby={p.error ? p.id : undefined}
          data-testid={p.testId}
        />
      </label>
      {p.error && (
        <p id={p.id} className={classes.error} role="alert">
          {p.error}
        </p>
      )}
    </>
  );
}

/** Checks a staff reason as the server will (1–500 characters): the field's message, or ''. */
export function useReasonCheck() {
  const t = useT();
  return (reason: string) => {
    const n = [...reason.trim()].length;
    if (n === 0) return t('adminUsers.reason.required');
    return n > REASON_MAX ? t('adminUsers.reason.length') : '';
  };
}
