/**
 * Shapes of the static, bilingual content rendered by the legal pages (/service, /privacy, /cookie),
 * the about page (/about) and the TraderChat promo page (/TraderChat).
 */
export type ContentLocale = 'en' | 'zh-CN';

export interface ContentSection {
  heading: string;
  paragraphs: string[];
  /** Rendered after the paragraphs, as a bulleted list. */
  list?: string[];
  /** Formulas, one a line, rendered after the paragraphs as a displayed block. */
  formula?: string[];
}

export interface LegalDocument {
  title: string;
  /** ISO date (YYYY-MM-DD) of the last change; the route formats it per locale. */
  updated: string;
  intro: string[];
  sections: ContentSection[];
}

export interface SimplePage {
  title: string;
  lead: string;
  sections: ContentSection[];
  cta?: { label: string; href: string };
}
