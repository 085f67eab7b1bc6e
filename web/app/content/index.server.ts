/**
 * The long-form content, one Markdown file per document and language (legal/*.md, pages/*.md; see
 * README.md), compiled to ContentDocument at build time by the `*.md` plugin in vite.config.ts.
 * Routes pick the visitor's language in their loader, so the other texts stay on the server.
 */
import cookieEn from './legal/cookie.en.md';
import cookieZh from './legal/cookie.zh-CN.md';
import privacyEn from './legal/privacy.en.md';
import privacyZh from './legal/privacy.zh-CN.md';
import serviceEn from './legal/service.en.md';
import serviceZh from './legal/service.zh-CN.md';
import aboutEn from './pages/about.en.md';
import aboutZh from './pages/about.zh-CN.md';
import developersEn from './pages/developers.en.md';
import developersZh from './pages/developers.zh-CN.md';
import methodologyEn from './pages/methodology.en.md';
import methodologyZh from './pages/methodology.zh-CN.md';
import traderChatEn from './pages/trader-chat.en.md';
import traderChatZh from './pages/trader-chat.zh-CN.md';
import type { ContentDocument, ContentLocale } from './types.ts';

export type { ContentDocument, ContentLocale, ContentSection } from './types.ts';

type Localized = Record<ContentLocale, ContentDocument>;

export type LegalDocumentKey = 'service' | 'privacy' | 'cookie';

export const legalDocuments: Record<LegalDocumentKey, Localized> = {
  service: { en: serviceEn, 'zh-CN': serviceZh },
  privacy: { en: privacyEn, 'zh-CN': privacyZh },
  cookie: { en: cookieEn, 'zh-CN': cookieZh },
};

export const aboutPage: Localized = { en: aboutEn, 'zh-CN': aboutZh };
export const traderChatPage: Localized = { en: traderChatEn, 'zh-CN': traderChatZh };
export const methodologyPage: Localized = { en: methodologyEn, 'zh-CN': methodologyZh };
export const developersPage: Localized = { en: developersEn, 'zh-CN': developersZh };
