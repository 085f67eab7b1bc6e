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

/** The first `max` characters of a text, with an ellipsis when cut (for notices). */
export function excerpt(s: string, max = 80): string {
  const chars = [...s.replace(/\s+/gu, ' ').trim()];
  return chars.length <= max ? chars.join('') : `${chars.slice(0, max - 1).join('')}…`;
}
