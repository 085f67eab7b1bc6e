import { useCallback } from 'react';
import { useIntl, type IntlShape } from 'react-intl';

type Values = Record<string, string | number | boolean | null | undefined | Date>;

/**
 * Messages without values, once formatted, per language: a page says the same labels many times
 * (every card's "Regulated", the footer's links), and formatting is not free (react-intl memoizes
 * its formatters by serialising the arguments on each call).
 */
const plain = new WeakMap<IntlShape, Map<string, string>>();

/** `t('<feature>.<component>.<purpose>', values)`: a plain string in the current language. */
export function useT() {
  const intl = useIntl();
  return useCallback(
    (id: string, values?: Values) => {
      if (values) return intl.formatMessage({ id }, values);
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
