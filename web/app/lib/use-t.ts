import { useCallback } from 'react';
import { useIntl, type IntlShape } from 'react-intl';

type Values = Record<string, string | number | boolean | null | undefined | Date>;

/**
 * Messages without values, once formatted, per language: a page says the same labels many times
 * (every card's "Regulated", the footer's links), and formatting is not free (react-intl memoizes
 * its formatters by serialising the arguments on each call).
 */
const plain = new WeakMap<IntlShape, Map<string, string>>();

/**
 * Messages with values: their compiled formatter, per language. react-intl looks it up on every
 * call through a memo keyed by the message, locale and formats serialised to JSON, which cost more
 * than formatting (issue 20); null: a message react-intl must format itself (missing, or a
 * language set up with a time zone or rich-text defaults).
 */
const compiled = new WeakMap<IntlShape, Map<string, { format(values: Values): unknown } | null>>();

function formatterOf(intl: IntlShape, id: string) {
  let known = compiled.get(intl);
  if (!known) compiled.set(intl, (known = new Map()));
  let formatter = known.get(id);
  if (formatter === undefined) {
    const message = Object.hasOwn(intl.messages, id) ? intl.messages[id] : undefined;
    formatter = Array.isArray(message) && !intl.timeZone && !intl.defaultRichTextElements ? intl.formatters.getMessageFormat(message, intl.locale, intl.formats, { formatters: intl.formatters }) : null;
    known.set(id, formatter);
  }
  return formatter;
}

/** `t('<feature>.<component>.<purpose>', values)`: a plain string in the current language. */
export function useT() {
  const intl = useIntl();
  return useCallback(
    (id: string, values?: Values) => {
      if (values) {
        try {
          const text = formatterOf(intl, id)?.format(values);
          if (typeof text === 'string') return text;
        } catch {
          // A value the message cannot take: react-intl reports it and falls back, as it always did.
        }
        return intl.formatMessage({ id }, values);
      }
      let known = plain.get(intl);
      if (!known) plain.set(intl, (known = new Map()));
      let text = known.get(id);
      if (text === undefined) {
        text = intl.formatMessage({ id });
        known.set(id, text);
      }
      return text;
    },
    [intl],
  );
}
