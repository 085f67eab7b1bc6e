import { FormattedMessage, useIntl } from 'react-intl';
import type { Promotion } from '@brokerwise/api-contract';
import { formatShortDate } from '../../lib/short-date';
import { useT } from '../../lib/use-t';
import classes from './Promotions.module.css';

/** The label every promotion carries, on cards and articles alike. */
export function SponsoredBadge({ long = false }: { long?: boolean }) {
  const t = useT();
  return (
    <span className={classes.sponsored} data-testid="sponsored-label">
      {t(long ? 'essay.page.sponsored' : 'promotion.card.sponsored')}
    </span>
  );
}

/** "Valid 3 Mar 2027 – 31 Mar 2027" (UTC, so the server's and the browser's renders agree). */
export function Validity({ promotion, className }: { promotion: Pick<Promotion, 'startsAt' | 'endsAt' | 'status'>; className?: string }) {
  const intl = useIntl();
  const date = (iso: string) => (
    <time dateTime={iso}>{formatShortDate(intl, iso)}</time>
  );
  const start = date(promotion.startsAt);
  const end = promotion.endsAt ? date(promotion.endsAt) : null;
  return (
    <p className={`${classes.validity} ${className ?? ''}`} data-testid="promotion-validity" data-status={promotion.status}>
      {promotion.status === 'ended' && end ? (
        <FormattedMessage id="promotion.validity.ended" values={{ end }} />
      ) : end ? (
        <FormattedMessage id="promotion.validity.range" values={{ start, end }} />
      ) : (
        <FormattedMessage id="promotion.validity.from" values={{ start }} />
      )}
    </p>
  );
}
