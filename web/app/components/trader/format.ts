import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { formatShortDate } from '../../lib/short-date';

/**
 * Numbers of the trader pages in the page's language: percentages are percent values
 * (12.5 = 12.5 %), money is in the account's currency (ISO code; anything else is written after
 * the number), times ISO 8601 shown in UTC so server and browser render the same text.
 */
export function useTraderFormat() {
  const intl = useIntl();
  return useMemo(() => {
    const num = (v: number, digits = 2) => intl.formatNumber(v, { minimumFractionDigits: digits, maximumFractionDigits: digits });
    return {
      num,
      /** Axis labels: 12K, 1.5M. */
      compact: (v: number) => intl.formatNumber(v, { notation: 'compact', maximumFractionDigits: 1 }),
      int: (v: number) => intl.formatNumber(v, { maximumFractionDigits: 0 }),
      /** +12.34 % (the sign shown unless 0). */
      pct: (v: number | null | undefined, signed = true) =>
        v === null || v === undefined || !Number.isFinite(v)
          ? '—'
          : intl.formatNumber(v / 100, { style: 'percent', minimumFractionDigits: 2, maximumFractionDigits: 2, signDisplay: signed ? 'exceptZero' : 'auto' }),
      money: (v: number | null | undefined, currency: string) => {
        if (v === null || v === undefined || !Number.isFinite(v)) return '—';
        if (/^[A-Z]{3}$/.test(currency)) {
          try {
            return intl.formatNumber(v, { style: 'currency', currency, currencyDisplay: 'code', minimumFractionDigits: 2, maximumFractionDigits: 2 });
          } catch {
            // An unknown code: the plain number below.
          }
        }
        return `${num(v)}${currency ? ` ${currency}` : ''}`;
      },
      price: (v: number | null) => (v === null ? '—' : intl.formatNumber(v, { maximumFractionDigits: 5 })),
      date: (iso: string | null) => (iso ? formatShortDate(intl, iso) : '—'),
      dateTime: (iso: string | null) =>
        iso ? intl.formatDate(iso, { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'UTC' }) : '—',
      month: (index: number) => intl.formatDate(Date.UTC(2000, index, 1), { month: 'short', timeZone: 'UTC' }),
    };
  }, [intl]);
}

export type TraderFormat = ReturnType<typeof useTraderFormat>;
