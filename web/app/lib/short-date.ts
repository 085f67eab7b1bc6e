import type { IntlShape } from 'react-intl';

/** "27 Nov 2026" / "2026年11月27日": a day as reviews, cases and licence histories show it (UTC). */
export const SHORT_DATE: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' };

const formatters = new WeakMap<IntlShape, Intl.DateTimeFormat>();

/**
 * `intl.formatDate(value, SHORT_DATE)`, with its formatter built once per language: react-intl
 * looks it up on every call through a memo keyed by its arguments serialised to JSON, which cost
 * more than formatting on a company page's dozens of dates (issue 20). A date that does not parse
 * (or a language set up with its own time zone or formats) is left to react-intl.
 */
export function formatShortDate(intl: IntlShape, value: Date | string): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime()) || intl.timeZone || intl.formats.date) return intl.formatDate(value, SHORT_DATE);
  let formatter = formatters.get(intl);
  if (!formatter) formatters.set(intl, (formatter = new Intl.DateTimeFormat(intl.locale, SHORT_DATE)));
  return formatter.format(date);
}
