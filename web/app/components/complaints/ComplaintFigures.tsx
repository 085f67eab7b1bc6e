import type { ComplaintFigures as Figures } from '@brokerwise/api-contract';
import { useIntl } from 'react-intl';
import { useT } from '../../lib/use-t';
import classes from './Complaints.module.css';

/**
 * A company's complaint figures over 12 months: cases, response rate, median response time,
 * resolution rate (cases closed for the author's silence are counted apart, not as resolved).
 */
export function ComplaintFigures({ figures }: { figures: Figures }) {
  const t = useT();
  const intl = useIntl();
  const pct = (v: number | null) => (v === null ? '—' : intl.formatNumber(v, { style: 'percent', maximumFractionDigits: 0 }));
  const items: [string, string, string][] = [
    ['cases', String(figures.cases), t('complaints.figures.cases')],
    ['response-rate', pct(figures.responseRate), t('complaints.figures.responseRate')],
    ['median-response', figures.medianResponseHours === null ? '—' : t('complaints.figures.hours', { hours: figures.medianResponseHours }), t('complaints.figures.medianResponse')],
    ['resolution-rate', pct(figures.resolutionRate), t('complaints.figures.resolutionRate')],
  ];
  return (
    <div>
      <ul className={classes.figures} data-testid="complaint-figures">
        {items.map(([key, value, label]) => (
          <li key={key} className={classes.figure} data-testid={`complaint-figure-${key}`}>
            <span className={classes.figureValue}>{value}</span>
            <span className={classes.figureLabel}>{label}</span>
          </li>
        ))}
      </ul>
      <p className={classes.figureLabel}>{t('complaints.figures.window', { resolved: figures.resolved, unresolved: figures.unresolved, lapsed: figures.lapsed })}</p>
    </div>
  );
}
