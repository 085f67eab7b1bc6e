/**
 * Text normalisation shared by indexing and querying, so both sides fold and segment alike.
 * Latin: NFKD, combining marks dropped, a few letters NFKD keeps (ø, ß, æ…) spelled out,
 * apostrophes removed ("Zhu'an" → "zhuan"), lower case, anything else a space. The SQL side
 * applies `unaccent` on top. Chinese: Han runs, segmented into words by ICU (`Intl.Segmenter`).
 */

const SPELLED: Readonly<Record<string, string>> = { ø: 'o', đ: 'd', ł: 'l', æ: 'ae', œ: 'oe', ß: 'ss', þ: 'th', ð: 'd', ı: 'i' };
const HAN = /\p{Script=Han}/u;
const HAN_RUNS = /\p{Script=Han}+/gu;
const TOKEN = /^[\p{L}\p{N}]+$/u;
const segmenter = new Intl.Segmenter('zh', { granularity: 'word' });

/** Lower-cased, accent-folded Latin text: words separated by one space; Han characters dropped. */
export function foldLatin(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[øđłæœßþðı]/g, (c) => SPELLED[c] ?? c)
    .replace(/['’‘`]/g, '')
    .replace(/\p{Script=Han}+/gu, ' ')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

export const latinWords = (text: string): string[] => {
  const folded = foldLatin(text);
  return folded === '' ? [] : folded.split(' ');
};

export const hasHan = (text: string): boolean => HAN.test(text);

/** The Han characters of a text, runs joined: "北风 市场" → "北风市场". */
export const hanText = (text: string): string => (text.match(HAN_RUNS) ?? []).join('');

/** Chinese text as words ("朱鹮外汇" → ["朱", "鹮", "外汇"]); Latin words inside it are kept, lower-cased. */
export function segmentZh(text: string): string[] {
  const out: string[] = [];
  for (const s of segmenter.segment(text.normalize('NFKC'))) {
    if (!s.isWordLike) continue;
    const token = s.segment.toLowerCase();
    if (TOKEN.test(token)) out.push(token);
  }
  return out;
}

/** A tsquery over tokens (letters and digits only, so quoting is safe), all required. */
export function toTsQuery(tokens: string[], opts: { prefix: boolean; weights?: string }): string | null {
  const safe = [...new Set(tokens.filter((t) => TOKEN.test(t)))];
  if (safe.length === 0) return null;
  const suffix = opts.prefix || opts.weights ? `:${opts.prefix ? '*' : ''}${opts.weights ?? ''}` : '';
  return safe.map((t) => `'${t}'${suffix}`).join(' & ');
}
