import type { Lang } from '@brokerwise/api-contract';

/** The `lang` header value to use, or `unsupported` for a value we don't speak. */
export function resolveLang(header: string | undefined, acceptLanguage: string | undefined): { lang: Lang; unsupported?: string } {
  const fallback: Lang = /^\s*zh\b/i.test(acceptLanguage ?? '') ? 'zh-cn' : 'en';
  if (header === undefined || header.trim() === '') return { lang: fallback };
  const v = header.trim().toLowerCase().replace('_', '-');
  if (v === 'en' || v.startsWith('en-')) return { lang: 'en' };
  if (v === 'zh-cn' || v === 'zh' || v === 'zh-hans' || v === 'zh-hans-cn') return { lang: 'zh-cn' };
  return { lang: fallback, unsupported: header.slice(0, 20) };
}
