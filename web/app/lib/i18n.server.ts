import { parse, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import en from '../lang/en.json';
import zhCN from '../lang/zh-CN.json';
import type { Locale } from './locale';
import type { Messages } from './intl';

const sources: Record<Locale, Record<string, string>> = { en, 'zh-CN': zhCN };
const compiled = new Map<Locale, Messages>();

/**
 * Messages compiled to ICU ASTs once per process. Only the visitor's language travels to the
 * browser (in the root loader data), and the browser never needs the ICU parser.
 */
export function compiledMessages(locale: Locale): Messages {
  let messages = compiled.get(locale);
  if (!messages) {
    messages = {};
    for (const [id, text] of Object.entries(sources[locale])) {
      messages[id] = parse(text) as MessageFormatElement[];
    }
    compiled.set(locale, messages);
  }
  return messages;
}
