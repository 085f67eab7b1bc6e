import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { createIntl, createIntlCache, type IntlShape } from 'react-intl';
import type { Locale } from './locale';

/** Messages as they travel: precompiled ICU ASTs keyed by id (`<feature>.<component>.<purpose>`). */
export type Messages = Record<string, MessageFormatElement[]>;

const cache = createIntlCache();
const instances = new WeakMap<Messages, IntlShape>();

/** The intl object of a message set, shared by every render and meta function, so formatters are built once per process, not per request. */
export function intlFor(locale: Locale, messages: Messages): IntlShape {
  let intl = instances.get(messages);
  if (!intl) {
    intl = createIntl({ locale, defaultLocale: 'en', messages }, cache);
    instances.set(messages, intl);
  }
  return intl;
}
