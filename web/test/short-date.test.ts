import { describe, expect, it } from 'vitest';
import { compiledMessages } from '../app/lib/i18n.server';
import { intlFor } from '../app/lib/intl';
import { LOCALES } from '../app/lib/locale';
import { formatShortDate, SHORT_DATE } from '../app/lib/short-date';

describe('formatShortDate', () => {
  it('writes what intl.formatDate writes, in both languages, for dates and ISO strings', () => {
    const values = [new Date(Date.UTC(2026, 10, 27, 23, 59)), '2026-01-05T00:00:00Z', '2025-12-31T23:30:00.000Z', new Date(0)];
    for (const locale of LOCALES) {
      const intl = intlFor(locale, compiledMessages(locale));
      for (const value of values) expect(formatShortDate(intl, value)).toBe(intl.formatDate(value, SHORT_DATE));
    }
    expect(formatShortDate(intlFor('zh-CN', compiledMessages('zh-CN')), '2026-11-27T08:00:00Z')).toBe('2026年11月27日');
  });
});
