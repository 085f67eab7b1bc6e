import { Link } from 'react-router';
import type { TraderAccount, TraderSyncState } from '@brokerwise/api-contract';
import { detailHref } from '../../lib/reviews';
import { RANKING_REASON_IDS, SYNC_STATE_IDS, traderAccountHref, TYPE_IDS, VISIBILITY_IDS } from '../../lib/trader';
import { useT } from '../../lib/use-t';
import { useTraderFormat } from './format';
import classes from './Trader.module.css';

/** A signed number's colour class. */
export function signClass(v: number | null | undefined): string | undefined {
  if (v === null || v === undefined || v === 0) return undefined;
  return v > 0 ? classes.pos : classes.neg;
}

/** Broker, server, type, visibility, live/demo and verification of an account (spec §3, §4). */
export function AccountBadges({ account }: { account: TraderAccount }) {
  const t = useT();
  return (
    <ul className={classes.badges} data-testid="trader-badges">
      <li className={classes.badge}>
        {account.broker.id ? (
          <Link to={detailHref(account.broker.id)} className={classes.badgeLink} data-testid="trader-broker">
            {account.broker.name || account.broker.id}
          </Link>
        ) : (
          t('trader.badge.unknownBroker')
        )}
      </li>
      <li className={classes.badge}>{account.server}</li>
      <li className={classes.badge}>{t(TYPE_IDS[account.type])}</li>
      <li className={classes.badge} data-tone={account.visibility === 'hidden' ? 'warn' : undefined} data-testid="trader-visibility">
        {t(VISIBILITY_IDS[account.visibility])}
      </li>
      <li className={classes.badge}>
        {t(account.source === 'statement' ? 'trader.badge.statement' : account.live === false ? 'trader.badge.demo' : account.live ? 'trader.badge.live' : 'trader.badge.unknownKind')}
      </li>
      {account.verified && (
        <li className={classes.badge} data-tone="good" data-testid="trader-verified">
          {t(account.live ? 'trader.badge.verifiedLive' : 'trader.badge.verified')}
        </li>
      )}
      {account.status === 'closed' && (
        <li className={classes.badge} data-tone="bad">
          {t('trader.badge.closed')}
        </li>
      )}
      {account.stats?.blown && (
        <li className={classes.badge} data-tone="bad">
          {t('trader.badge.blown')}
        </li>
      )}
    </ul>
  );
}

/** Whether the account is in the Top Trader table, and if not, why (in words). */
export function RankingStatus({ account }: { account: TraderAccount }) {
  const t = useT();
  const f = useTraderFormat();
  const { ranking } = account;
  const reasonId = ranking.reason ? RANKING_REASON_IDS[ranking.reason] : undefined;
  return (
    <p data-testid="trader-ranking" data-ranked={ranking.ranked ? '' : undefined}>
      {ranking.ranked
        ? t('trader.ranking.ranked', { score: ranking.score === null ? '—' : f.num(ranking.score, 2) })
        : t('trader.ranking.notRanked', { reason: reasonId ? t(reasonId) : t('trader.ranking.unknown') })}{' '}
      <Link to="/about/methodology#top-trader" className={classes.link}>
        {t('trader.ranking.how')}
      </Link>
    </p>
  );
}

/** The owner's view of the background sync: state, the failure in words, last success, next attempt. */
export function SyncStatus({ sync, source }: { sync: TraderSyncState; source: TraderAccount['source'] }) {
  const t = useT();
  const f = useTraderFormat();
  return (
    <div data-testid="trader-sync" data-state={sync.state}>
      <p className={classes.syncState} data-state={sync.state}>
        <strong>{t(source === 'statement' ? 'trader.sync.statementSource' : SYNC_STATE_IDS[sync.state])}</strong>
      </p>
      {sync.state === 'failing' && sync.errorText && (
        <p className={classes.error} role="status" data-testid="trader-sync-error">
          {sync.errorText}
        </p>
      )}
      <dl className={classes.dl}>
        <dt>{t('trader.sync.lastSuccess')}</dt>
        <dd>{f.dateTime(sync.lastSuccessAt)}</dd>
        <dt>{t('trader.sync.lastAttempt')}</dt>
        <dd>{f.dateTime(sync.lastAttemptAt)}</dd>
        {source === 'bridge' && (
          <>
            <dt>{t('trader.sync.nextAttempt')}</dt>
            <dd>{f.dateTime(sync.nextAttemptAt)}</dd>
          </>
        )}
        {sync.failures > 0 && (
          <>
            <dt>{t('trader.sync.failures')}</dt>
            <dd>{sync.failures}</dd>
          </>
        )}
      </dl>
    </div>
  );
}

/** One account in a list (My accounts, /user/account): name, badges, headline figures, sync state. */
export function AccountSummary({ account }: { account: TraderAccount }) {
  const t = useT();
  const f = useTraderFormat();
  const s = account.stats;
  return (
    <article className={classes.card} data-testid="my-trader-account" data-account-id={account.id}>
      <h2 className={classes.sectionTitle}>
        <Link to={traderAccountHref(account.id)} className={classes.nickname}>
          {account.nickname}
        </Link>{' '}
        <span className={classes.small}>#{account.account}</span>
      </h2>
      <AccountBadges account={account} />
      {s ? (
        <dl className={classes.summary}>
          <div>
            <dt>{t('trader.stats.gain')}</dt>
            <dd className={signClass(s.gainPct)}>{f.pct(s.gainPct)}</dd>
          </div>
          <div>
            <dt>{t('trader.stats.maxDrawdown')}</dt>
            <dd>{f.pct(s.maxDrawdownPct, false)}</dd>
          </div>
          <div>
            <dt>{t('trader.stats.balance')}</dt>
            <dd>{f.money(s.balance, s.currency)}</dd>
          </div>
          <div>
            <dt>{t('trader.stats.trades')}</dt>
            <dd>{f.int(s.trades)}</dd>
          </div>
          <div>
            <dt>{t('trader.stats.trackDays')}</dt>
            <dd>{f.int(s.trackDays)}</dd>
          </div>
        </dl>
      ) : (
        <p className={classes.small}>{t('trader.stats.none')}</p>
      )}
      <p className={classes.small}>
        <span className={classes.syncState} data-state={account.sync.state} data-testid="my-trader-sync">
          {t(account.source === 'statement' ? 'trader.sync.statementSource' : SYNC_STATE_IDS[account.sync.state])}
        </span>
        {account.sync.state === 'failing' && account.sync.errorText ? ` · ${account.sync.errorText}` : ''}
      </p>
    </article>
  );
}
