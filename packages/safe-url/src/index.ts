/**
 * The one check for redirect and link targets that come from data (query parameters, notices,
 * stored settings): only a path on this site passes. Browsers read `//host`, `/\host` and
 * `\\host` as other sites and drop tabs and newlines inside URLs, so those are refused outright
 * rather than normalised; so are schemes (`javascript:`, `https:`) and other control characters.
 */

const BASE = 'http://site.invalid';
export const MAX_LOCAL_PATH = 2048;

/** The site-relative path (`/a?b#c`) when `value` is one, else null. */
export function safeLocalPath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_LOCAL_PATH) return null;
  if (value[0] !== '/' || value[1] === '/' || value.includes('\\')) return null;
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    // C0 and C1 controls, DEL, and lone surrogates: header splitting and parser disagreements.
    if (c < 0x20 || (c >= 0x7f && c <= 0x9f)) return null;
    if (c >= 0xd800 && c <= 0xdfff) {
      const next = value.charCodeAt(i + 1);
      if (c > 0xdbff || !(next >= 0xdc00 && next <= 0xdfff)) return null;
      i++;
    }
  }
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  return url.pathname + url.search + url.hash;
}

/** Whether `value` is a path on this site (see safeLocalPath). */
export const isSafeLocalPath = (value: unknown): value is string => safeLocalPath(value) !== null;
