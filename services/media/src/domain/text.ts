import { createHash } from 'node:crypto';

/** Characters as a person counts them (code points, so an emoji or 汉字 is one). */
export const charCount = (s: string): number => [...s].length;

/**
 * The searchable form of a text: compatibility forms folded (full-width Ａ１ → a1), accents
 * removed (é → e), lower case, runs of whitespace as one space. Chinese passes through
 * unchanged, so a Chinese query matches as a plain substring.
 */
export function fold(s: string): string {
  return s
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .normalize('NFKC')
    .toLowerCase()
    .replace(/\s+/gu, ' ')
    .trim();
}

/** The form two comments are compared in: NFKC, lower case, runs of whitespace as one space. */
export function normaliseComment(s: string): string {
  return s.normalize('NFKC').toLowerCase().replace(/\s+/gu, ' ').trim();
}

export const textHash = (s: string): string => createHash('md5').update(normaliseComment(s)).digest('hex');

/** The terms of a search query: folded, split on whitespace, at most 5, each at most 50 characters. */
export function searchTerms(query: string): string[] {
  return [...new Set(fold(query).split(' ').filter((t) => t.length > 0))].slice(0, 5).map((t) => [...t].slice(0, 50).join(''));
}

/**
 * Common trading terms in English and Chinese: a query word equal to one of a group finds posts
 * holding any of the group, so "gold" finds 黄金 and 剥头皮 finds "scalping". Folded forms
 * (see `fold`); single words only, since queries are split on spaces. Kept small and unambiguous:
 * a word with an everyday meaning ("index", "risk") would widen searches for people who meant it.
 */
export const TRADING_SYNONYMS: readonly (readonly string[])[] = [
  ['gold', 'xauusd', '黄金'],
  ['silver', 'xagusd', '白银'],
  ['oil', 'crude', 'wti', 'brent', '原油'],
  ['forex', '外汇'],
  ['scalping', 'scalp', '剥头皮'],
  ['eurusd', 'eur/usd', '欧元美元', '欧元/美元'],
  ['gbpusd', 'gbp/usd', '英镑美元', '英镑/美元'],
  ['usdjpy', 'usd/jpy', '美元日元', '美元/日元'],
  ['nfp', 'nonfarm', '非农'],
  ['bitcoin', 'btc', '比特币'],
  ['stocks', '股票'],
  ['futures', '期货'],
  ['leverage', '杠杆'],
  ['spread', 'spreads', '点差'],
  ['broker', 'brokers', '经纪商'],
];

const SYNONYMS_OF: ReadonlyMap<string, readonly string[]> = new Map(TRADING_SYNONYMS.flatMap((group) => group.map((w) => [w, group] as const)));

/** The forms a query term may take in a post: itself, plus its synonyms when it is a known trading term. */
export function termAlternatives(term: string): readonly string[] {
  return SYNONYMS_OF.get(term) ?? [term];
}

/** The first `max` characters of a text, with an ellipsis when cut (for notices). */
export function excerpt(s: string, max = 80): string {
  const chars = [...s.replace(/\s+/gu, ' ').trim()];
  return chars.length <= max ? chars.join('') : `${chars.slice(0, max - 1).join('')}…`;
}
