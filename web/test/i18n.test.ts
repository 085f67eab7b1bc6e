import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import en from '../app/lang/en.json';
import zhCN from '../app/lang/zh-CN.json';
import { CATEGORY_SLUGS, ORDERS } from '../app/lib/search-query';

const catalogs: Record<string, Record<string, string>> = { en, 'zh-CN': zhCN };
const appDir = join(import.meta.dirname, '..', 'app');

/** Every argument a message uses, including those nested in plural/select branches and tags. */
function argumentsOf(elements: MessageFormatElement[], into = new Set<string>()): Set<string> {
  for (const el of elements) {
    if (el.type === TYPE.literal || el.type === TYPE.pound) continue;
    if (el.type === TYPE.tag) {
      into.add(`<${el.value}>`);
      argumentsOf(el.children, into);
      continue;
    }
    into.add(el.value);
    if (el.type === TYPE.plural || el.type === TYPE.select) {
      for (const option of Object.values(el.options)) argumentsOf(option.value, into);
    }
  }
  return into;
}

/** Message ids written in the code: quoted `feature.component.purpose` strings, plus the ids built from lists. */
function idsUsedInCode(): Set<string> {
  const ids = new Set<string>();
  const files = readdirSync(appDir, { recursive: true, encoding: 'utf8' }).filter(
    (f) => /\.(ts|tsx)$/.test(f) && !f.startsWith('content') && !f.includes('+types'),
  );
  for (const file of files) {
    const source = readFileSync(join(appDir, file), 'utf8');
    for (const match of source.matchAll(/['"`]([a-z][A-Za-z]*\.[A-Za-z]+\.[A-Za-z]+)['"`]/g)) ids.add(match[1]!);
  }
  for (const slug of CATEGORY_SLUGS) ids.add(`listing.${slug}.title`).add(`listing.${slug}.intro`);
  for (const order of ORDERS) ids.add(`search.order.${order}`);
  return ids;
}

describe('message catalogues', () => {
  it('have the same keys in English and Chinese', () => {
    expect(Object.keys(zhCN).sort()).toEqual(Object.keys(en).sort());
  });

  it('count with ICU plural forms in English: no "1 stars", no "1 characters"', () => {
    // An argument followed by a plural noun outside a plural branch reads wrong for 1.
    const bare = Object.entries(en).filter(([, message]) => !message.includes(', plural,') && /\{(?!company\}|email\})\w+\} [a-z]+s\b/.test(message));
    expect(bare.map(([id]) => id)).toEqual([]);
    const rating = parse(en['search.filter.ratingAtLeast']);
    expect(rating[0]?.type).toBe(TYPE.plural);
  });

  it('have no empty messages', () => {
    for (const [locale, messages] of Object.entries(catalogs)) {
      const empty = Object.entries(messages).filter(([, text]) => text.trim() === '').map(([id]) => `${locale}:${id}`);
      expect(empty).toEqual([]);
    }
  });

  it('use ids shaped feature.component.purpose', () => {
    const bad = Object.keys(en).filter((id) => !/^[a-z][A-Za-z]*\.[A-Za-z]+\.[A-Za-z]+$/.test(id));
    expect(bad).toEqual([]);
  });

  it('compile as ICU messages with the same placeholders in both languages', () => {
    const mismatches: string[] = [];
    for (const id of Object.keys(en)) {
      const enArgs = [...argumentsOf(parse(en[id as keyof typeof en]))].sort();
      const zhArgs = [...argumentsOf(parse(zhCN[id as keyof typeof zhCN]))].sort();
      if (enArgs.join() !== zhArgs.join()) mismatches.push(`${id}: en {${enArgs}} zh-CN {${zhArgs}}`);
    }
    expect(mismatches).toEqual([]);
  });

  it('contain every id the code uses, and nothing else', () => {
    const used = idsUsedInCode();
    const known = new Set(Object.keys(en));
    expect([...used].filter((id) => !known.has(id)).sort()).toEqual([]);
    expect([...known].filter((id) => !used.has(id)).sort()).toEqual([]);
  });
});
