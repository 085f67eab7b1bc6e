import type { ReactNode } from 'react';
import type { BrokerApplication } from '@brokerwise/api-contract';
import { APPLICATION_STATUS_IDS } from '../../lib/trader';
import { useT } from '../../lib/use-t';
import { useTraderFormat } from './format';
import classes from './Trader.module.css';

/** One application with its status (and the admin's reason when rejected). */
export function ApplicationCard({ application: a, children }: { application: BrokerApplication; children?: ReactNode }) {
  const t = useT();
  const f = useTraderFormat();
  return (
    <article className={classes.card} data-testid="application" data-status={a.status} data-application-id={a.id}>
      <h3 className={classes.sectionTitle}>
        {a.broker} <span className={classes.small}>· {a.server}</span>
      </h3>
      <ul className={classes.badges}>
        <li className={classes.badge} data-tone={a.status === 'approved' ? 'good' : a.status === 'rejected' ? 'bad' : 'warn'} data-testid="application-status">
          {t(APPLICATION_STATUS_IDS[a.status])}
        </li>
      </ul>
      <dl className={classes.dl}>
        <dt>{t('trader.apply.website')}</dt>
        <dd>{a.website}</dd>
        <dt>{t('trader.apply.account')}</dt>
        <dd>{a.account}</dd>
        <dt>{t('trader.apply.sent')}</dt>
        <dd>{f.dateTime(a.createdAt)}</dd>
        {a.decidedAt && (
          <>
            <dt>{t('trader.apply.decided')}</dt>
            <dd>{f.dateTime(a.decidedAt)}</dd>
          </>
        )}
        {a.status === 'rejected' && a.reason && (
          <>
            <dt>{t('trader.apply.reason')}</dt>
            <dd data-testid="application-reason">{a.reason}</dd>
          </>
        )}
      </dl>
      {children}
    </article>
  );
}
