import { describe, expect, it } from 'vitest';
import type { ContentLocale, ContentSection, LegalDocument, SimplePage } from './index.ts';
import { aboutPage, legalDocumentKeys, legalDocuments, methodologyPage, traderChatPage } from './index.ts';

const LOCALES: readonly ContentLocale[] = ['en', 'zh-CN'];

type Doc = LegalDocument | SimplePage;

const legal = legalDocumentKeys.map((key) => ({ name: key, doc: legalDocuments[key] }));
const pages = [
  { name: 'about', doc: aboutPage },
  { name: 'traderChat', doc: traderChatPage },
  { name: 'methodology', doc: methodologyPage },
];
const all: { name: string; doc: Record<ContentLocale, Doc> }[] = [...legal, ...pages];

/** Every string of a document, with a path for readable failures. */
function strings(doc: Doc): [string, string][] {
  const out: [string, string][] = [['title', doc.title]];
  if ('lead' in doc) out.push(['lead', doc.lead]);
  if ('updated' in doc) out.push(['updated', doc.updated]);
  if ('intro' in doc) doc.intro.forEach((p, i) => out.push([`intro[${i}]`, p]));
  doc.sections.forEach((s: ContentSection, i) => {
    out.push([`sections[${i}].heading`, s.heading]);
    s.paragraphs.forEach((p, j) => out.push([`sections[${i}].paragraphs[${j}]`, p]));
    s.list?.forEach((p, j) => out.push([`sections[${i}].list[${j}]`, p]));
    s.formula?.forEach((p, j) => out.push([`sections[${i}].formula[${j}]`, p]));
  });
  if ('cta' in doc && doc.cta) out.push(['cta.label', doc.cta.label], ['cta.href', doc.cta.href]);
  return out;
}

function fullText(doc: Doc): string {
  return strings(doc)
    .map(([, s]) => s)
    .join('\n');
}

describe.each(all)('$name', ({ doc }) => {
  it('exists in both locales', () => {
    for (const locale of LOCALES) {
      expect(doc[locale]).toBeDefined();
      expect(doc[locale].sections.length).toBeGreaterThan(0);
    }
  });

  it('has the same structure in both locales', () => {
    const en = doc.en;
    const zh = doc['zh-CN'];
    expect(zh.sections.length).toBe(en.sections.length);
    en.sections.forEach((section, i) => {
      const other = zh.sections[i];
      expect(other, `section ${i}`).toBeDefined();
      expect(other?.paragraphs.length, `paragraphs of “${section.heading}”`).toBe(section.paragraphs.length);
      expect(other?.list?.length, `list of “${section.heading}”`).toBe(section.list?.length);
      expect(other?.formula?.length, `formula of “${section.heading}”`).toBe(section.formula?.length);
    });
    if ('intro' in en && 'intro' in zh) expect(zh.intro.length).toBe(en.intro.length);
    const cta = (page: Doc) => ('cta' in page ? page.cta : undefined);
    expect(cta(zh)?.href).toBe(cta(en)?.href);
    expect(cta(zh) === undefined).toBe(cta(en) === undefined);
  });

  it('has no empty strings, lists or sections', () => {
    for (const locale of LOCALES) {
      for (const [path, value] of strings(doc[locale])) {
        expect(value.trim(), `${locale} ${path}`).not.toBe('');
      }
      for (const section of doc[locale].sections) {
        expect(section.paragraphs.length, `${locale} “${section.heading}”`).toBeGreaterThan(0);
        if (section.list) expect(section.list.length).toBeGreaterThan(0);
      }
    }
  });

  it('has unique section headings', () => {
    for (const locale of LOCALES) {
      const headings = doc[locale].sections.map((s) => s.heading);
      expect(new Set(headings).size).toBe(headings.length);
    }
  });

  it('writes Chinese without ASCII sentence punctuation next to Chinese characters', () => {
    // “，” not “,” and “。” not “.” in Chinese prose (e-mail addresses and “Pte. Ltd.” are fine).
    for (const [path, value] of strings(doc['zh-CN'])) {
      expect(value, path).not.toMatch(/[\u4e00-\u9fff][,;:!?]|[,;:!?][\u4e00-\u9fff]|[\u4e00-\u9fff]\.(?!\w)/u);
    }
  });
});

describe.each(legal)('legal document $name', ({ doc }) => {
  it('has 8 to 16 sections, an intro and the current date', () => {
    for (const locale of LOCALES) {
      expect(doc[locale].sections.length).toBeGreaterThanOrEqual(8);
      expect(doc[locale].sections.length).toBeLessThanOrEqual(16);
      expect(doc[locale].intro.length).toBeGreaterThan(0);
      expect(doc[locale].updated).toBe('2026-11-21');
    }
  });

  it('names the operator and Singapore in both languages', () => {
    expect(fullText(doc.en)).toContain('Brokerwise Pte. Ltd.');
    expect(fullText(doc['zh-CN'])).toContain('Brokerwise Pte. Ltd.');
    expect(fullText(doc.en)).toContain('Singapore');
    expect(fullText(doc['zh-CN'])).toContain('新加坡');
  });
});

describe.each([
  { name: 'service', doc: legalDocuments.service },
  { name: 'privacy', doc: legalDocuments.privacy },
])('$name: complaints and minors', ({ doc }) => {
  it('answers complaints within 15 working days', () => {
    expect(fullText(doc.en)).toContain('15 working days');
    expect(fullText(doc['zh-CN'])).toContain('15 个工作日');
  });

  it('requires a guardian under 14 and encourages guidance under 18', () => {
    const en = fullText(doc.en);
    const zh = fullText(doc['zh-CN']);
    expect(en).toMatch(/under 14 may use[^.]*consent and under the supervision of a parent or legal guardian/);
    expect(en).toMatch(/under 18 are encouraged to use the Service with the guidance of/);
    expect(zh).toMatch(/未满 14 周岁[^。]*监护人同意/);
    expect(zh).toMatch(/未满 18 周岁[^。]*监护人[^。]*指导/);
  });
});

describe('service agreement', () => {
  it('lists the enforcement measures in both languages', () => {
    const en = fullText(legalDocuments.service.en);
    const zh = fullText(legalDocuments.service['zh-CN']);
    for (const word of ['warning', 'delete', 'restrict', 'freeze']) expect(en).toContain(word);
    for (const word of ['警告', '删除', '限制', '冻结']) expect(zh).toContain(word);
  });

  it('states the review, video and read-only password rules', () => {
    const en = fullText(legalDocuments.service.en);
    const zh = fullText(legalDocuments.service['zh-CN']);
    expect(en).toContain('15 to 1,000 characters');
    expect(zh).toContain('15 至 1000 个字符');
    expect(en).toContain('1 to 5 stars');
    expect(zh).toContain('1 至 5 星');
    expect(en).toContain('under 10 MB');
    expect(zh).toContain('小于 10 MB');
    expect(en).toContain('read-only (investor) password');
    expect(zh).toContain('只读（投资者）密码');
    expect(en).toContain('laws of the Republic of Singapore');
    expect(zh).toContain('新加坡共和国法律');
  });
});

describe('privacy policy', () => {
  it('stores data in Singapore and names the contact address', () => {
    for (const locale of LOCALES) expect(fullText(legalDocuments.privacy[locale])).toContain('privacy@brokerwise.example');
    expect(fullText(legalDocuments.privacy.en)).toContain('stored on servers located in Singapore');
    expect(fullText(legalDocuments.privacy['zh-CN'])).toContain('存储于位于新加坡的服务器');
  });

  it('describes Argon2 hashing and TLS', () => {
    for (const locale of LOCALES) {
      const text = fullText(legalDocuments.privacy[locale]);
      expect(text).toContain('Argon2');
      expect(text).toContain('TLS');
    }
  });
});

describe('cookie policy', () => {
  it('gives the overall range from 4 hours to 27 years', () => {
    const en = fullText(legalDocuments.cookie.en);
    const zh = fullText(legalDocuments.cookie['zh-CN']);
    expect(en).toContain('4 hours');
    expect(en).toContain('27 years');
    expect(zh).toContain('4 小时');
    expect(zh).toContain('27 年');
  });

  it('lists the same cookies with a duration in both languages', () => {
    const names = (doc: LegalDocument) =>
      doc.sections.flatMap((s) => s.list ?? []).map((item) => item.split(/[ （(]/u)[0]);
    const en = legalDocuments.cookie.en;
    const zh = legalDocuments.cookie['zh-CN'];
    expect(names(zh)).toEqual(names(en));
    expect(names(en)).toEqual(expect.arrayContaining(['bw_session', 'bw_csrf', 'lang', 'bw_rl', 'bw_aid']));
    for (const item of en.sections.flatMap((s) => s.list ?? [])) expect(item).toContain('Duration:');
    for (const item of zh.sections.flatMap((s) => s.list ?? [])) expect(item).toContain('有效期：');
  });
});

describe('pages', () => {
  it('about page leads to search and names the regulators', () => {
    for (const locale of LOCALES) {
      expect(aboutPage[locale].cta?.href).toBe('/search');
      const text = fullText(aboutPage[locale]);
      for (const regulator of ['FCA', 'ASIC', 'CySEC', 'NFA', 'FSA', 'SFC', 'MAS']) expect(text).toContain(regulator);
    }
  });

  it('TraderChat page offers the download and says the assistant is not investment advice', () => {
    expect(traderChatPage.en.cta).toEqual({ label: 'Download TraderChat', href: '/TraderChat#download' });
    expect(traderChatPage['zh-CN'].cta?.href).toBe('/TraderChat#download');
    expect(fullText(traderChatPage.en)).toContain('not investment advice');
    expect(fullText(traderChatPage['zh-CN'])).toContain('不构成投资建议');
    for (const locale of LOCALES) {
      const text = fullText(traderChatPage[locale]);
      for (const platform of ['iOS', 'Android', 'Windows', 'macOS']) expect(text).toContain(platform);
    }
  });
});

describe('methodology', () => {
  it('publishes the constants of the score formula in both languages', () => {
    for (const locale of LOCALES) {
      const text = fullText(methodologyPage[locale]);
      expect(text).toContain('(7 × 3.5 + Σ wᵢ·sᵢ) / (7 + Σ wᵢ)');
      expect(text).toContain('0.5 ^ (ageᵢ / 182.5');
      expect(text).toContain('3.8');
    }
  });

  it('works the example out right', () => {
    const score = (7 * 3.5 + 5 + 5 + 0.5 ** (365 / 182.5) * 1) / (7 + 2 + 0.5 ** (365 / 182.5));
    expect(Math.round(score * 10) / 10).toBe(3.8);
    expect(score.toFixed(2)).toBe('3.76');
  });
});

describe('methodology: Top Trader', () => {
  it('publishes the ranking formula and its thresholds in both languages, under the #top-trader anchor', async () => {
    const { methodologySectionIds } = await import('./methodology.ts');
    const index = Number(Object.keys(methodologySectionIds)[0]);
    expect(methodologySectionIds[index]).toBe('top-trader');
    for (const locale of LOCALES) {
      const text = fullText(methodologyPage[locale]);
      expect(text).toMatch(/A ÷ max\(D \+ σ, 5 ?%\) × n ÷ \(n \+ 50\)/);
      for (const figure of ['30', '20', '7', '365', '1000']) expect(text).toContain(figure);
      expect(methodologyPage[locale].sections[index]?.heading).toMatch(/Top Trader|顶尖交易员/);
    }
  });
});
