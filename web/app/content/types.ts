/**
 * Shape of the static, bilingual long-form content: the legal pages (/service, /privacy, /cookie),
 * /about, /about/methodology and /TraderChat. Written as Markdown (legal/*.md, pages/*.md) and
 * compiled to this shape at build time by compile.ts.
 */
export type ContentLocale = 'en' | 'zh-CN';

export interface ContentSection {
  /** Plain text; also the table-of-contents entry. */
  heading: string;
  /** Anchor written as `## Heading {#anchor}`, where other pages link to the section. */
  id?: string;
  /** The section's body (paragraphs, lists, formulas) as HTML. */
  html: string;
}

export interface ContentDocument {
  title: string;
  /** Plain text of the first intro paragraph, for the meta description. */
  description: string;
  /** What comes before the first section, as HTML: a legal document's intro, a page's lead. */
  introHtml: string;
  sections: ContentSection[];
  /** ISO date (YYYY-MM-DD) of the last change of a legal document; the route formats it per locale. */
  updated?: string;
  /** A page's call to action, shown under its lead. */
  cta?: { label: string; href: string };
}
