import { TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { createIntl, RawIntlProvider } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { compiledMessages } from '../app/lib/i18n.server';
import { intlFor } from '../app/lib/intl';
import { LOCALES } from '../app/lib/locale';
import { useT } from '../app/lib/use-t';

type Values = Record<string, string | number | Date>;

/** A value for each argument a message takes, of the kind it formats; null: a message with tags (not `t`'s). */
function valuesFor(elements: MessageFormatElement[], into: Values = {}): Values | null {
  for (const el of elements) {
    if (el.type === TYPE.literal || el.type === TYPE.pound) continue;
    if (el.type === TYPE.tag) return null;
    if (el.type === TYPE.number || el.type === TYPE.plural) into[el.value] = 1234.5;
    else if (el.type === TYPE.date || el.type === TYPE.time) into[el.value] = new Date(Date.UTC(2026, 10, 27, 8, 30));
    else if (el.type === TYPE.select) into[el.value] = Object.keys(el.options)[0]!;
    else into[el.value] = 'Northwind';
    if (el.type === TYPE.plural || el.type === TYPE.select) {
      for (const option of Object.values(el.options)) if (!valuesFor(option.value, into)) return null;
    }
  }
  return into;
}

describe('useT with values', () => {
  it('says what react-intl says, for every message with arguments, in both languages (its formatter is kept per language)', () => {
    for (const locale of LOCALES) {
      const messages = compiledMessages(locale);
      const intl = intlFor(locale, messages);
      const cases = Object.entries(messages).flatMap(([id, ast]) => {
        const values = valuesFor(ast);
        return values && Object.keys(values).length > 0 ? [{ id, values }] : [];
      });
      expect(cases.length).toBeGreaterThan(50);
      const said: string[] = [];
      function Say() {
        const t = useT();
        // Twice: the second call is answered by the kept formatter.
        for (const { id, values } of cases) said.push(t(id, values), t(id, values));
        return null;
      }
      renderToString(createElement(RawIntlProvider, { value: intl }, createElement(Say)));
      expect(said).toEqual(cases.flatMap(({ id, values }) => [intl.formatMessage({ id }, values), intl.formatMessage({ id }, values)]));
    }
  });

  it('falls back to react-intl for a message it does not know or a value the message does not get', () => {
    const errors: string[] = [];
    const messages = compiledMessages('en');
    const intl = createIntl({ locale: 'en', defaultLocale: 'en', messages, onError: (e) => errors.push(e.message) });
    const withArgument = Object.keys(messages).find((id) => Object.keys(valuesFor(messages[id]!) ?? {}).length > 0)!;
    const said: string[] = [];
    function Say() {
      const t = useT();
      said.push(t('no.such.message', { n: 1 }), t(withArgument, { unrelated: 1 }));
      return null;
    }
    renderToString(createElement(RawIntlProvider, { value: intl }, createElement(Say)));
    expect(said).toEqual([intl.formatMessage({ id: 'no.such.message' }, { n: 1 }), intl.formatMessage({ id: withArgument }, { unrelated: 1 })]);
    // react-intl reported both, once for each call here and once for each call above.
    expect(errors).toHaveLength(4);
  });
});
