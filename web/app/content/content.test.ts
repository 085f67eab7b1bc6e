import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileDocument, textOf } from './compile.ts';
import type { ContentDocument, ContentLocale } from './types.ts';

/**
 * The Markdown files themselves, compiled as the build compiles them (vite.config.ts), so every
 * check here holds for what the pages render.
 */
const LOCALES: readonly ContentLocale[] = ['en', 'zh-CN'];
const FOLDERS = ['legal', 'pages'] as const;
const dir = (folder: string) => new URL(`./${folder}/`, import.meta.url);

function load(folder: (typeof FOLDERS)[number], name: string): Record<ContentLocale, ContentDocument> {
  const read = (locale: ContentLocale) => {
    const file = new URL(`${name}.${locale}.md`, dir(folder));
    return compileDocument(readFileSync(file, 'utf8'), file.pathname);
  };
  return { en: read('en'), 'zh-CN': read('zh-CN') };
}

const legalDocuments = { service: load('legal', 'service'), privacy: load('legal', 'privacy'), cookie: load('legal', 'cookie') };
const aboutPage = load('pages', 'about');
const traderChatPage = load('pages', 'trader-chat');
const methodologyPage = load('pages', 'methodology');
const developersPage = load('pages', 'developers');

const legal = Object.entries(legalDocuments).map(([name, doc]) => ({ name, doc }));
const all: { name: string; doc: Record<ContentLocale, ContentDocument> }[] = [
  ...legal,
  { name: 'about', doc: aboutPage },
  { name: 'traderChat', doc: traderChatPage },
  { name: 'methodology', doc: methodologyPage },
  { name: 'developers', doc: developersPage },
];

/** The sequence of block and link elements of some HTML: its structure without the words. */
function shape(html: string): string[] {
  return [...html.matchAll(/<(p|ul|ol|li|pre|a|strong|em|code)\b/g)].map((m) => m[1]!);
}

/** Every text of a document, with a path for readable failures. */
function strings(doc: ContentDocument): [string, string][] {
  const out: [string, string][] = [['title', doc.title], ['description', doc.description], ['intro', textOf(doc.introHtml)]];
  if (doc.updated) out.push(['updated', doc.updated]);
  doc.sections.forEach((s, i) => {
    out.push([`sections[${i}].heading`, s.heading]);
    for (const [j, block] of [...s.html.matchAll(/<(p|li|pre)\b[^>]*>([\s\S]*?)<\/\1>/g)].entries()) out.push([`sections[${i}].${block[1]}[${j}]`, textOf(block[2]!)]);
  });
  if (doc.cta) out.push(['cta.label', doc.cta.label], ['cta.href', doc.cta.href]);
  return out;
}

function fullText(doc: ContentDocument): string {
  return strings(doc)
    .map(([, s]) => s)
    .join('\n');
}

const listItems = (doc: ContentDocument) => doc.sections.flatMap((s) => [...s.html.matchAll(/<li>([\s\S]*?)<\/li>/g)].map((m) => textOf(m[1]!)));

describe('content files', () => {
  it('has every document in both languages, and nothing else', () => {
    for (const folder of FOLDERS) {
      const files = readdirSync(dir(folder)).sort();
      const names = [...new Set(files.map((f) => f.replace(/\.(en|zh-CN)\.md$/, '')))];
      expect(files, folder).toEqual(names.flatMap((name) => LOCALES.map((locale) => `${name}.${locale}.md`)).sort());
    }
    expect(readdirSync(dir('legal')).length + readdirSync(dir('pages')).length).toBe(all.length * LOCALES.length);
  });
});

describe.each(all)('$name', ({ doc }) => {
  it('has the same headings structure, anchors and blocks in both locales', () => {
    const en = doc.en;
    const zh = doc['zh-CN'];
    expect(zh.sections.map((s) => s.id)).toEqual(en.sections.map((s) => s.id));
    en.sections.forEach((section, i) => {
      expect(shape(zh.sections[i]?.html ?? ''), `blocks of “${section.heading}”`).toEqual(shape(section.html));
    });
    expect(shape(zh.introHtml)).toEqual(shape(en.introHtml));
    expect(zh.cta?.href).toBe(en.cta?.href);
    expect(zh.cta === undefined).toBe(en.cta === undefined);
    expect(zh.updated).toBe(en.updated);
  });

  it('has no empty strings, lists or sections', () => {
    for (const locale of LOCALES) {
      for (const [path, value] of strings(doc[locale])) {
        expect(value.trim(), `${locale} ${path}`).not.toBe('');
      }
      for (const section of doc[locale].sections) {
        expect(shape(section.html)[0], `${locale} “${section.heading}” starts with a paragraph`).toBe('p');
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
  it('has 8 to 16 sections, an intro and one date of update in both languages', () => {
    for (const locale of LOCALES) {
      expect(doc[locale].sections.length).toBeGreaterThanOrEqual(8);
      expect(doc[locale].sections.length).toBeLessThanOrEqual(16);
      expect(shape(doc[locale].introHtml)).toContain('p');
      expect(doc[locale].updated).toMatch(/^2026-11-\d\d$/);
    }
    expect(doc['zh-CN'].updated).toBe(doc.en.updated);
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
  // Spec §9 says "from 4 hours to 27 years"; the policy states the durations the site really sets
  // (e2e/cookies.e2e.test.ts compares the names with what a browser session collects).
  it('gives the real durations and says no consent banner is needed', () => {
    const en = fullText(legalDocuments.cookie.en);
    const zh = fullText(legalDocuments.cookie['zh-CN']);
    for (const text of ['24 hours', '30 days', '180 days', '1 year', 'no cookie banner']) expect(en).toContain(text);
    for (const text of ['24 小时', '30 天', '180 天', '1 年', '没有需要您接受的 Cookie 提示栏']) expect(zh).toContain(text);
    for (const gone of ['bw_rl', 'bw_aid', 'bw_consent']) expect(en + zh).not.toContain(gone);
  });

  it('lists the same cookies and storage items with a duration in both languages', () => {
    const names = (doc: ContentDocument) => listItems(doc).map((item) => item.split(/[ （(]/u)[0]);
    const en = legalDocuments.cookie.en;
    const zh = legalDocuments.cookie['zh-CN'];
    expect(names(zh)).toEqual(names(en));
    expect(names(en)).toEqual(['bw_session', 'bw_csrf', 'bw_device', 'lang', 'userInfo', 'lang', 'rememberEmail', 'redirectAfterLogin']);
    for (const item of listItems(en)) expect(item).toContain('Duration:');
    for (const item of listItems(zh)) expect(item).toContain('有效期：');
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
  it('publishes the ranking formula and its thresholds in both languages, under the #top-trader anchor', () => {
    for (const locale of LOCALES) {
      const index = methodologyPage[locale].sections.findIndex((s) => s.id === 'top-trader');
      expect(methodologyPage[locale].sections[index]?.heading).toMatch(/Top Trader|顶尖交易员/);
      const text = fullText(methodologyPage[locale]);
      expect(text).toMatch(/A ÷ max\(D \+ σ, 5 ?%\) × n ÷ \(n \+ 50\)/);
      for (const figure of ['30', '20', '7', '365', '1000']) expect(text).toContain(figure);
    }
  });
});

describe('TraderChat', () => {
  it('anchors the download section its call to action scrolls to', () => {
    for (const locale of LOCALES) expect(traderChatPage[locale].sections.at(-1)?.id).toBe('download');
  });
});

describe('developers: the site’s own /api', () => {
  const section = (locale: ContentLocale, id: string) => {
    const found = developersPage[locale].sections.find((s) => s.id === id);
    expect(found, `${locale} #${id}`).toBeDefined();
    return textOf(found!.html);
  };

  it('documents the signature, envelope, error codes, languages, rate limits and bodies in both languages', () => {
    for (const locale of LOCALES) {
      const signature = section(locale, 'signature');
      for (const fact of ['timestamp', 'sign', 'SHA-256', '300', 'signature_missing', 'signature_expired', 'signature_invalid']) expect(signature, `${locale} signature`).toContain(fact);
      const envelope = section(locale, 'envelope');
      for (const fact of ['code', 'msg', 'time', 'data', '"code": 1', '402', '409', '302', 'Prefer: envelope-status', 'Preference-Applied']) expect(envelope, `${locale} envelope`).toContain(fact);
      const errors = section(locale, 'errors');
      for (const code of ['data.error', 'data.fields', 'validation_failed', 'session_required', 'session_revoked', 'too_many_requests', 'identity.bad_credentials', 'route_not_found']) expect(errors, `${locale} errors`).toContain(code);
      const languages = section(locale, 'languages');
      for (const fact of ['lang', 'en', 'zh-cn', 'Accept-Language', 'lang_unsupported']) expect(languages, `${locale} languages`).toContain(fact);
      const limits = section(locale, 'rate-limits');
      for (const fact of ['600', 'RATE_LIMIT_PER_MINUTE', '429', 'Retry-After', 'identity.login_throttled']) expect(limits, `${locale} rate limits`).toContain(fact);
      const bodies = section(locale, 'bodies');
      for (const fact of ['application/json', 'application/x-www-form-urlencoded', 'multipart/form-data', 'x-csrf-token']) expect(bodies, `${locale} bodies`).toContain(fact);
      const examples = section(locale, 'examples');
      for (const fact of ['curl', '/api/brokers/categories', '/api/user/checkIn', 'sha256sum']) expect(examples, `${locale} examples`).toContain(fact);
    }
  });

  it('links the machine-readable description at /api/openapi.json and keeps the public /v1 sections', () => {
    for (const locale of LOCALES) {
      const site = developersPage[locale].sections.find((s) => s.id === 'site-api')!;
      expect(site.html).toContain('href="/api/openapi.json"');
      expect(fullText(developersPage[locale])).toContain('OpenAPI 3.1');
      for (const id of ['public-api', 'keys', 'conventions']) expect(developersPage[locale].sections.some((s) => s.id === id)).toBe(true);
    }
  });

  it('never prints the signature salt, only a variable standing for it', async () => {
    // The development salt is public, but a reference that prints one teaches pasting salts around.
    const { DEV_SIGNATURE_SALT } = await import('../../../gateway/src/config.ts');
    for (const locale of LOCALES) {
      const text = fullText(developersPage[locale]);
      expect(text).toContain('$BROKERWISE_SALT');
      expect(text).not.toContain(DEV_SIGNATURE_SALT);
    }
  });

  it('has a contents section linking every other section, and every section is anchored', () => {
    for (const locale of LOCALES) {
      const { sections } = developersPage[locale];
      expect(sections[0]?.id).toBe('contents');
      const links = [...sections[0]!.html.matchAll(/href="#([a-z-]+)"/g)].map((m) => m[1]);
      expect(links).toEqual(sections.slice(1).map((s) => s.id));
    }
  });

  it('tells Chinese readers the operation summaries are in English', () => {
    expect(section('zh-CN', 'operations')).toContain('接口说明只有英文');
  });
});
