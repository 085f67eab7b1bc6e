import { useIntl } from 'react-intl';
import type { LicenceHistoryEntry, LicenceRegisterStatus, RegisteredLicence } from '@brokerwise/api-contract';
import { formatShortDate } from '../../lib/short-date';
import { useT } from '../../lib/use-t';
import classes from './LicenceTimeline.module.css';

export const REGISTER_STATUS_MESSAGE: Record<LicenceRegisterStatus, string> = {
  active: 'licences.status.active',
  suspended: 'licences.status.suspended',
  revoked: 'licences.status.revoked',
  expired: 'licences.status.expired',
};

const KIND_MESSAGE: Record<string, string> = {
  'application/pdf': 'licences.evidence.pdf',
  'image/png': 'licences.evidence.image',
  'image/jpeg': 'licences.evidence.image',
  'image/webp': 'licences.evidence.image',
};

/**
 * The licence register on the company page: each licence's status history, newest first, with
 * the evidence captured from the regulator's register, its SHA-256 and when it was captured.
 */
export function LicenceTimelines({ licences }: { licences: RegisteredLicence[] }) {
  const t = useT();
  const withHistory = licences.filter((l) => l.history.length > 0);
  return (
    <div className={classes.register} data-testid="licence-register">
      <h3 className={classes.heading}>{t('licences.timeline.title')}</h3>
      {withHistory.length === 0 ? (
        <p className={classes.empty}>{t('licences.timeline.empty')}</p>
      ) : (
        withHistory.map((l) => (
          <section key={`${l.regulator}-${l.licenceNo}`} className={classes.licence} aria-label={t('licences.timeline.licence', { regulator: l.regulator, number: l.licenceNo })} data-testid="licence-timeline">
            <p className={classes.licenceName}>
              <strong>{l.regulator}</strong> <span className={classes.mono}>{l.licenceNo}</span> · {l.entity}
              {l.regulatorCountry ? ` · ${l.regulatorCountry}` : ''}
            </p>
            <ol className={classes.timeline}>
              {[...l.history].reverse().map((e) => (
                <Entry key={e.id} entry={e} />
              ))}
            </ol>
          </section>
        ))
      )}
    </div>
  );
}

function Entry({ entry }: { entry: LicenceHistoryEntry }) {
  const t = useT();
  const intl = useIntl();
  const day = (iso: string) => formatShortDate(intl, `${iso}T00:00:00Z`);
  const time = (iso: string) => `${intl.formatDate(iso, { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'UTC' })} UTC`;
  const e = entry.evidence;
  return (
    <li className={classes.entry} data-testid="licence-entry" data-status={entry.status}>
      <div className={classes.entryHead}>
        <span className={classes.status} data-status={entry.status}>
          {t(REGISTER_STATUS_MESSAGE[entry.status])}
        </span>
        <span>{t('licences.entry.effective', { date: day(entry.effectiveOn) })}</span>
        {entry.previousStatus && <span className={classes.muted}>{t('licences.entry.from', { status: t(REGISTER_STATUS_MESSAGE[entry.previousStatus]) })}</span>}
      </div>
      <p className={classes.note}>{entry.note}</p>
      {e ? (
        <div className={classes.evidence} data-testid="licence-evidence">
          <a href={e.url} target="_blank" rel="noopener" data-testid="licence-evidence-link">
            {t(KIND_MESSAGE[e.contentType] ?? 'licences.evidence.file', { size: Math.max(1, Math.round(e.size / 1024)) })}
            <span className="bw-visually-hidden"> {t('detail.header.newTab')}</span>
          </a>
          <span className={classes.muted}>{t('licences.evidence.captured', { time: time(e.capturedAt) })}</span>
          <span className={classes.hash}>
            {t('licences.evidence.hash')} <code data-testid="licence-evidence-sha256">{e.sha256}</code>
          </span>
        </div>
      ) : (
        <p className={classes.muted}>{t('licences.evidence.none')}</p>
      )}
      <p className={classes.muted}>{t('licences.entry.recorded', { time: time(entry.recordedAt) })}</p>
    </li>
  );
}
