import type { MetaDescriptor } from 'react-router';
import { intlFor } from './intl';
import { LOCALES } from './locale';
import { messagesFor } from './messages';
import type { RootData } from './root-data';
import { absoluteUrl, alternateLinks, canonicalUrl, OG_LOCALE } from './seo';

interface MatchLike {
  id: string;
  loaderData?: unknown;
}

export function rootDataFrom(matches: ReadonlyArray<MatchLike | undefined>): RootData | undefined {
  return matches.find((m) => m?.id === 'root')?.loaderData as RootData | undefined;
}

type Text = { id: string; values?: Record<string, string | number> } | string;

interface PageMetaInput {
  matches: ReadonlyArray<MatchLike | undefined>;
  location: { pathname: string; search: string };
  /** Message id of the page title, or a ready title (e.g. a legal document's own). */
  title: Text;
  description?: Text;
  /** Pages that must stay out of search results (404). */
  noindex?: boolean;
  /** Query parameters that identify the page (see `seo.ts`); omitted: all but `lang`. */
  canonicalParams?: readonly string[];
  /** Open Graph type; `website` unless told. */
  ogType?: 'website' | 'article' | 'profile';
  /** Picture for link previews (e.g. a company's logo); made absolute. */
  image?: string | null;
  /** Structured data (schema.org), rendered as `<script type="application/ld+json">`. */
  jsonLd?: Record<string, unknown>;
}

/**
 * Meta of a detail page whose loader found nothing (404: `notFound`) or could not load it (503:
 * `unavailableTitle`); both stay out of search results.
 */
export function missingPageMeta(
  input: Pick<PageMetaInput, 'matches' | 'location'>,
  notFound: boolean,
  unavailableTitle: string,
): MetaDescriptor[] {
  return pageMeta({
    ...input,
    title: { id: notFound ? 'notFound.page.metaTitle' : unavailableTitle },
    description: { id: notFound ? 'notFound.page.text' : 'app.meta.description' },
    noindex: true,
  });
}

/**
 * Title, description, canonical and alternate-language links and Open Graph tags of a page, in the
 * visitor's language.
 */
export function pageMeta(input: PageMetaInput): MetaDescriptor[] {
  const root = rootDataFrom(input.matches);
  if (!root) return [{ title: 'Brokerwise' }];
  const intl = intlFor(root.locale, messagesFor(root.locale));
  const text = (m: Text) => (typeof m === 'string' ? m : intl.formatMessage({ id: m.id }, m.values));
  const siteName = intl.formatMessage({ id: 'app.meta.siteName' });
  const title = text(input.title);
  const description = text(input.description ?? { id: 'app.meta.description' });

  const meta: MetaDescriptor[] = [
    { title: title === siteName ? siteName : `${title} | ${siteName}` },
    { name: 'description', content: description },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:site_name', content: siteName },
    { property: 'og:type', content: input.ogType ?? 'website' },
    { property: 'og:locale', content: OG_LOCALE[root.locale] },
    ...LOCALES.filter((l) => l !== root.locale).map((l) => ({ property: 'og:locale:alternate', content: OG_LOCALE[l] })),
  ];
  if (input.image) meta.push({ property: 'og:image', content: absoluteUrl(root.origin, input.image) });
  if (input.noindex) {
    meta.push({ name: 'robots', content: 'noindex' });
    return meta;
  }
  const address = { origin: root.origin, pathname: input.location.pathname, search: input.location.search, keep: input.canonicalParams };
  const canonical = canonicalUrl(address, root.locale);
  meta.push({ property: 'og:url', content: canonical }, { tagName: 'link', rel: 'canonical', href: canonical });
  for (const link of alternateLinks(address)) meta.push({ tagName: 'link', rel: 'alternate', hrefLang: link.hrefLang, href: link.href });
  if (input.jsonLd) meta.push({ 'script:ld+json': input.jsonLd });
  return meta;
}
