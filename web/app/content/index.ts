export type { ContentLocale, ContentSection, LegalDocument, SimplePage } from './types.ts';
export type { LegalDocumentKey } from './legal.ts';
export { LEGAL_UPDATED, legalDocumentKeys, legalDocuments } from './legal.ts';
export { aboutPage, traderChatPage } from './pages.ts';
export { methodologyPage } from './methodology.ts';
