import type { MetaDescriptor } from 'react-router';
import { intlFor } from './intl';
import { LANG_QUERY_PARAM, LOCALES } from './locale';
import type { RootData } from './root-data';

interface MatchLike {
  id: string;
  loaderData?: unknown;
}

export function rootDataFrom(matches: ReadonlyArray<MatchLike | undefined>): RootData | undefined {
  return matches.find((m) => m?.id === 'root')?.loaderData as RootData | undefined;
}

interface PageMetaInput {
  matches: ReadonlyArray<MatchLike | undefined>;
  location: { pathname: string; search: string };
  /** Message id of the page title, or a ready title (e.g. a legal document's own). */
  title: { id: string; values?: Record<string, string | number> } | string;
  description?: { id: string; values?: Record<string, string | number> } | string;
  /** Pages that must stay out of search results (404). */
  noindex?: boolean;
}

/** Title, description, canonical and alternate-language links of a page, in the visitor's language. */
export function pageMeta(input: PageMetaInput): MetaDescriptor[] {
  const root = rootDataFrom(input.matches);
  if (!root) return [{ title: 'Brokerwise' }];
  const intl = intlFor(root.locale, root.messages);
  const text = (m: PageMetaInput['title']) => (typeof m === 'string' ? m : intl.formatMessage({ id: m.id }, m.values));
  const siteName = intl.formatMessage({ id: 'app.meta.siteName' });
  const title = text(input.title);
  const description = text(input.description ?? { id: 'app.meta.description' });

  const meta: MetaDescriptor[] = [
    { title: title === siteName ? siteName : `${title} | ${siteName}` },
    { name: 'description', content: description },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:site_name', content: siteName },
  ];
  if (input.noindex) {
    meta.push({ name: 'robots', content: 'noindex' });
    return meta;
  }
  const params = new URLSearchParams(input.location.search);
  params.delete(LANG_QUERY_PARAM);
  const base = `${root.origin}${input.location.pathname}`;
  const withLang = (lang: string) => {
    const p = new URLSearchParams(params);
    p.set(LANG_QUERY_PARAM, lang);
    return `${base}?${p.toString()}`;
  };
  for (const lang of LOCALES) meta.push({ tagName: 'link', rel: 'alternate', hrefLang: lang, href: withLang(lang) });
  meta.push({ tagName: 'link', rel: 'alternate', hrefLang: 'x-default', href: params.size ? `${base}?${params}` : base });
  return meta;
}
