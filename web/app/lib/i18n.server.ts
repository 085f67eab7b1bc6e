import { createHash } from 'node:crypto';
import { parse, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import en from '../lang/en.json';
import zhCN from '../lang/zh-CN.json';
import type { Locale } from './locale';
import type { Messages } from './intl';

const sources: Record<Locale, Record<string, string>> = { en, 'zh-CN': zhCN };
const compiled = new Map<Locale, { messages: Messages; json: string; version: string }>();

function compile(locale: Locale) {
  let entry = compiled.get(locale);
  if (!entry) {
    const messages: Messages = {};
    for (const [id, text] of Object.entries(sources[locale])) {
      messages[id] = parse(text) as MessageFormatElement[];
    }
    const json = JSON.stringify(messages);
    entry = { messages, json, version: createHash('sha256').update(json).digest('hex').slice(0, 12) };
    compiled.set(locale, entry);
  }
  return entry;
}

/** Messages compiled to ICU ASTs once per process: the browser never needs the ICU parser. */
export function compiledMessages(locale: Locale): Messages {
  return compile(locale).messages;
}

/** The compiled messages as the browser fetches them, and a version that changes with their content. */
export function messagesFile(locale: Locale): { json: string; version: string } {
  const { json, version } = compile(locale);
  return { json, version };
}

/** Where the browser gets the messages: a versioned address it may cache for good. */
export function messagesUrl(locale: Locale): string {
  return `/i18n/${locale}.json?v=${compile(locale).version}`;
}
