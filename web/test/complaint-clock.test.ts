import { createElement, type ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { RawIntlProvider } from 'react-intl';
import { describe, expect, it } from 'vitest';
import type { ComplaintCard, ComplaintCase, ComplaintRules } from '@brokerwise/api-contract';
import { ComplaintClock, ComplaintsIntro } from '../app/components/complaints/ComplaintClock';
import { compiledMessages } from '../app/lib/i18n.server';
import { intlFor } from '../app/lib/intl';
import type { Locale } from '../app/lib/locale';

/** What the server renders in `locale`, as text (tags dropped, entities read). */
const textOf = (locale: Locale, element: ReactElement) =>
  renderToString(createElement(RawIntlProvider, { value: intlFor(locale, compiledMessages(locale)) }, element))
    .replace(/<[^>]+>/g, '')
    .replace(/&#x27;/g, "'");

const card = (over: Partial<ComplaintCard>): ComplaintCard => ({
  id: 'c1',
  company: { id: 'lantern-fx', name: 'Lantern FX' },
  author: { id: 'u1', username: 'ann' },
  category: 'withdrawal',
  amount: '2500.00',
  currency: 'USD',
  content: 'A withdrawal was never paid.',
  status: 'pending',
  rejectReason: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  publishedAt: null,
  dueAt: null,
  workingDaysLeft: null,
  firstResponseAt: null,
  closedAt: null,
  closedBy: null,
  evidenceCount: 0,
  ...over,
});
const caseOf = (over: Partial<ComplaintCard>): ComplaintCase => ({
  complaint: card(over),
  messages: [],
  evidence: [],
  can: { write: false, close: false, withdraw: false, moderate: false },
  viewer: 'visitor',
});
const clock = (locale: Locale, over: Partial<ComplaintCard>, rules: ComplaintRules | null) => textOf(locale, createElement(ComplaintClock, { view: caseOf(over), due: '', rules }));

// Not the defaults (15 and 15): the texts must take the numbers from the data.
const RULES: ComplaintRules = { companyDays: 10, authorDays: 1, reminderDays: 3 };
const expired = { status: 'unresolved', closedBy: 'clock', closedAt: '2026-12-04T00:00:00.000Z' } as const;

describe('the complaint texts state the clocks as configured (ADR 031)', () => {
  it('says how long the company will have, and had, in English with plurals', () => {
    expect(clock('en', {}, RULES)).toBe('Waiting for a moderator. Once published, the company has 10 working days to answer.');
    expect(clock('en', expired, RULES)).toBe('The company did not answer within 10 working days: the case closed as unresolved.');
    expect(clock('en', {}, { ...RULES, companyDays: 1 })).toContain('the company has 1 working day to answer.');
  });

  it('says it in Simplified Chinese', () => {
    expect(clock('zh-CN', {}, RULES)).toBe('等待审核。公开后，公司须在 10 个工作日内回应。');
    expect(clock('zh-CN', expired, RULES)).toBe('公司未在 10 个工作日内回应，该投诉已以未解决结案。');
  });

  it("introduces the public list with both sides' lengths and the moderators' queue with the company's", () => {
    const list = (locale: Locale) => textOf(locale, createElement(ComplaintsIntro, { page: 'list', rules: RULES }));
    expect(list('en')).toContain('The company then has 10 working days to answer in public; once it has, the author has 1 working day to reply');
    expect(list('zh-CN')).toContain('公司须在 10 个工作日内公开回应；公司回应后，投诉人有 1 个工作日可以回复');
    const admin = (locale: Locale) => textOf(locale, createElement(ComplaintsIntro, { page: 'admin', rules: { ...RULES, companyDays: 7 } }));
    expect(admin('en')).toBe("Open a case to publish or refuse it. Publishing tells the company's representatives and starts its clock: 7 working days to answer.");
    expect(admin('zh-CN')).toBe('打开投诉以公开或拒绝。公开后将通知该公司代表，并开始计算 7 个工作日的回应期限。');
  });

  it('leaves those sentences out rather than state a length it does not know; the others need none', () => {
    expect(clock('en', {}, null)).toBe('');
    expect(clock('en', expired, null)).toBe('');
    expect(textOf('en', createElement(ComplaintsIntro, { page: 'list', rules: null }))).toBe('');
    expect(clock('en', { status: 'lapsed', closedBy: 'no_reply' }, null)).toContain('the author did not reply in time');
    expect(clock('en', { status: 'awaiting_company', workingDaysLeft: 4, dueAt: '2026-12-04T00:00:00.000Z' }, null)).toContain('The company has 4 working days left to answer');
  });
});
