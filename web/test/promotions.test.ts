import { describe, expect, it } from 'vitest';
import type { PromotionDetail } from '@brokerwise/api-contract';
import { essayHref, fromUtcInput, isPromotionId, promotionJsonLd, promotionListHref, promotionListJsonLd, promotionPage, toUtcInput } from '../app/lib/promotions';
import { buildSitemapXml, promotionSitemapPage, STATIC_SITEMAP_PAGES } from '../app/lib/sitemap';

const origin = 'https://brokerwise.example';

const promotion: PromotionDetail = {
  id: 'harbour-fx-cashback-a1b2',
  title: 'Cashback on every lot',
  summary: 'Earn a rebate on every standard lot.',
  startsAt: '2027-03-01T00:00:00.000Z',
  endsAt: '2027-04-01T00:00:00.000Z',
  status: 'active',
  sponsored: true,
  company: { id: 'harbour-fx', name: 'Harbour FX', logo: '/media/logos/harbour-fx.svg', score: 4.3, reviewCount: 12, openAccountUrl: 'https://harbour-fx.example/open' },
  updatedAt: '2027-03-02T10:00:00.000Z',
  body: ['First paragraph.', 'Risk warning: most retail accounts lose money.'],
  terms: ['One rebate per lot.'],
};

describe('promotion addresses', () => {
  it('page numbers: anything odd is page 1', () => {
    expect(promotionPage('3')).toBe(3);
    for (const v of [null, '', '0', '-2', '1.5', 'abc', '1001']) expect(promotionPage(v)).toBe(1);
    expect(promotionListHref(1)).toBe('/promotion');
    expect(promotionListHref(2)).toBe('/promotion?page=2');
  });

  it('articles by id; only slug-shaped ids are asked for', () => {
    expect(essayHref('harbour-fx-cashback-a1b2')).toBe('/essay?id=harbour-fx-cashback-a1b2');
    expect(isPromotionId('harbour-fx-cashback-a1b2')).toBe(true);
    for (const id of ['', 'Upper', '-leading', 'a b', 'x'.repeat(82), '../etc']) expect(isPromotionId(id), id).toBe(false);
  });
});

describe('admin form dates (UTC)', () => {
  it('round-trip between ISO times and datetime-local values', () => {
    expect(toUtcInput('2027-03-01T08:05:59.000Z')).toBe('2027-03-01T08:05');
    expect(toUtcInput(null)).toBe('');
    expect(toUtcInput('not a date')).toBe('');
    expect(fromUtcInput('2027-03-01T08:05')).toBe('2027-03-01T08:05:00.000Z');
    expect(fromUtcInput('2027-03-01T08:05:30')).toBe('2027-03-01T08:05:30Z');
    // Anything else goes to the server as typed, which names the field.
    expect(fromUtcInput(' next week ')).toBe('next week');
    expect(fromUtcInput('')).toBe('');
  });
});

describe('promotion structured data', () => {
  it('is an Article sponsored by, and about, the company', () => {
    const ld = promotionJsonLd(promotion, origin, `${origin}/essay?id=${promotion.id}`, 'zh-CN');
    const company = { '@type': 'Organization', name: 'Harbour FX', url: `${origin}/detail?id=harbour-fx`, logo: `${origin}/media/logos/harbour-fx.svg` };
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Article',
      headline: 'Cashback on every lot',
      inLanguage: 'zh-CN',
      datePublished: promotion.startsAt,
      dateModified: promotion.updatedAt,
      expires: promotion.endsAt,
      articleBody: 'First paragraph.\n\nRisk warning: most retail accounts lose money.',
      sponsor: company,
      about: company,
      publisher: { '@type': 'Organization', name: 'Brokerwise' },
    });
    expect(promotionJsonLd({ ...promotion, endsAt: null }, origin, origin, 'en')).not.toHaveProperty('expires');
  });

  it('lists a page of promotions in order, numbered from the page offset', () => {
    expect(promotionListJsonLd([promotion], origin, 12)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'ItemList',
      itemListElement: [{ '@type': 'ListItem', position: 13, url: `${origin}/essay?id=${promotion.id}`, name: 'Cashback on every lot' }],
    });
  });

  it('puts /promotion and each running promotion in the sitemap, in both languages', () => {
    expect(STATIC_SITEMAP_PAGES.map((p) => p.pathname)).toContain('/promotion');
    const xml = buildSitemapXml(origin, [promotionSitemapPage(promotion.id)]);
    // English at the address without lang (its canonical, ADR 027), Chinese with it.
    expect(xml).toContain(`<loc>${origin}/essay?id=${promotion.id}</loc>`);
    expect(xml).toContain(`<loc>${origin}/essay?id=${promotion.id}&amp;lang=zh-CN</loc>`);
  });
});
