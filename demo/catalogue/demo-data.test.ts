import { describe, expect, it } from 'vitest';
import { escapeXml, monogram, renderBannerSvg, renderLogoSvg } from './art.ts';
import { type CategorySlug, demoBanners, demoCategories, demoCompanies, demoCountries, demoTermsZh } from './demo-data.ts';
import { demoDetails } from './load-demo.ts';

/**
 * A strict-enough XML well-formedness check (no dependency): one root element, balanced tags,
 * quoted attributes without '<', no duplicate attributes, and only valid entity/character references.
 */
function assertWellFormedXml(xml: string): void {
  const NAME = /[A-Za-z_][\w.:-]*/y;
  const ATTR = /\s+([A-Za-z_][\w.:-]*)\s*=\s*(?:"([^"<]*)"|'([^'<]*)')/y;
  const checkText = (text: string, where: string): void => {
    const bad = text.match(/&(?!(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);)/);
    if (bad) throw new Error(`unescaped '&' in ${where}: ${JSON.stringify(text)}`);
// eslint-disable-next-line no-control-regex -- matching control characters is the point
    if (/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/.test(text)) throw new Error(`control character in ${where}`);
  };
  const stack: string[] = [];
  let roots = 0;
  let i = 0;
  while (i < xml.length) {
    const lt = xml.indexOf('<', i);
    const text = xml.slice(i, lt === -1 ? xml.length : lt);
    checkText(text, 'text');
    if (text.trim() !== '' && stack.length === 0) throw new Error(`text outside the root element: ${JSON.stringify(text)}`);
    if (lt === -1) break;
    if (xml.startsWith('<?', lt) || xml.startsWith('<!--', lt)) {
      const end = xml.indexOf(xml.startsWith('<?', lt) ? '?>' : '-->', lt);
      if (end === -1) throw new Error('unterminated declaration or comment');
      i = end + 2;
      continue;
    }
    if (xml.startsWith('</', lt)) {
      const end = xml.indexOf('>', lt);
      const name = xml.slice(lt + 2, end).trim();
      const open = stack.pop();
      if (open !== name) throw new Error(`</${name}> closes <${open ?? '(nothing)'}>`);
      i = end + 1;
      continue;
    }
    NAME.lastIndex = lt + 1;
    const name = NAME.exec(xml)?.[0];
    if (!name) throw new Error(`bad tag name at ${lt}: ${xml.slice(lt, lt + 20)}`);
    let pos = lt + 1 + name.length;
    const seen = new Set<string>();
    for (;;) {
      ATTR.lastIndex = pos;
      const m = ATTR.exec(xml);
      if (!m) break;
      const attr = m[1] ?? '';
      if (seen.has(attr)) throw new Error(`duplicate attribute ${attr} on <${name}>`);
      seen.add(attr);
      checkText(m[2] ?? m[3] ?? '', `attribute ${attr}`);
      pos = ATTR.lastIndex;
    }
    const rest = xml.slice(pos).match(/^\s*(\/?)>/);
    if (!rest) throw new Error(`malformed tag <${name}> near ${JSON.stringify(xml.slice(pos, pos + 30))}`);
    if (stack.length === 0) roots++;
    if (rest[1] !== '/') stack.push(name);
    i = pos + rest[0].length;
  }
  if (stack.length > 0) throw new Error(`unclosed <${stack.join('>, <')}>`);
  if (roots !== 1) throw new Error(`expected one root element, found ${roots}`);
}

/** Real brands (brokers, fintech and payment firms) a fictional demo name must never reproduce. */
const REAL_BRANDS = [
  'IG', 'XM', 'Exness', 'IC Markets', 'Pepperstone', 'OANDA', 'FXCM', 'Saxo', 'eToro', 'Plus500', 'AvaTrade', 'FXTM',
  'HFM', 'HotForex', 'Tickmill', 'Admirals', 'Admiral Markets', 'Wise', 'TransferWise', 'Stripe', 'Payoneer', 'Skrill',
  'Neteller', 'PayPal', 'Vantage', 'FP Markets', 'ThinkMarkets', 'Fusion Markets', 'Eightcap', 'Global Prime', 'Axi',
  'Titan FX', 'Swissquote', 'CMC Markets', 'City Index', 'Darwinex', 'RoboForex', 'FBS', 'Alpari', 'InstaForex',
  'OctaFX', 'Octa', 'LiteFinance', 'FxPro', 'Equiti', 'GO Markets', 'ATFX', 'Doo Prime', 'Ultima Markets', 'Moneta Markets',
  'BlackBull Markets', 'Hantec', 'KVB', 'Trive', 'TMGM', 'Anzo Capital', 'EBC', 'Mitrade', 'Capital.com', 'Libertex',
  'Deriv', 'JustMarkets', 'FXOpen', 'IronFX', 'Infinox', 'PU Prime', 'Interactive Brokers', 'LMAX', 'Finalto', 'Currenex',
  'B2Broker', 'Leverate', 'Revolut', 'Airwallex', 'Adyen', 'Checkout.com', 'Rapyd', 'Nuvei', 'Paysafe', 'Ebury',
  'Currencycloud', 'Klarna', 'Alipay', 'PingPong', 'Fasapay', 'Starling', 'Monzo', 'Worldpay',
];

const wordRegex = (brand: string): RegExp =>
  new RegExp(`(^|[^a-z0-9])${brand.toLowerCase().replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^a-z0-9])`);

const companies = demoCompanies();
const countryCodes = new Set(demoCountries.map((c) => c.code));

describe('demo catalogue data', () => {
  it('has all four categories with their bilingual names', () => {
    expect(demoCategories.map((c) => c.slug)).toEqual(['Brokers', 'FinTech', 'Lp', 'Pay']);
    expect(demoCategories.map((c) => c.nameZh)).toEqual(['外汇经纪商', '金融科技', '流动性提供商', '支付服务商']);
    expect(demoCategories.find((c) => c.slug === 'Lp')?.nameEn).toBe('Liquidity');
    expect(demoCategories.find((c) => c.slug === 'Pay')?.nameEn).toBe('Payment');
    expect(new Set(demoCategories.map((c) => c.sort)).size).toBe(demoCategories.length);
  });

  it('lists about 40 countries and regions with correct Chinese names and ~12 popular ones', () => {
    expect(demoCountries.length).toBeGreaterThanOrEqual(38);
    expect(countryCodes.size).toBe(demoCountries.length);
    const zh = Object.fromEntries(demoCountries.map((c) => [c.code, c.nameZh]));
    expect(zh).toMatchObject({
      GB: '英国', AU: '澳大利亚', CY: '塞浦路斯', US: '美国', JP: '日本', HK: '中国香港', SG: '新加坡', ZA: '南非',
      MU: '毛里求斯', VU: '瓦努阿图', AE: '阿联酋', DE: '德国', VC: '圣文森特和格林纳丁斯', SC: '塞舌尔', BZ: '伯利兹',
      MY: '马来西亚', TH: '泰国', VN: '越南', ID: '印度尼西亚', PH: '菲律宾', IN: '印度', BR: '巴西', MX: '墨西哥',
      NG: '尼日利亚', KE: '肯尼亚', NZ: '新西兰', CA: '加拿大', CH: '瑞士', FR: '法国', IT: '意大利', ES: '西班牙',
      NL: '荷兰', IE: '爱尔兰', MT: '马耳他', TW: '中国台湾', KR: '韩国', TR: '土耳其', SA: '沙特阿拉伯',
    });
    for (const c of demoCountries) {
      expect(c.code).toMatch(/^[A-Z]{2}$/);
      expect(c.nameEn.trim()).not.toBe('');
    }
    const popular = demoCountries.filter((c) => c.popular).length;
    expect(popular).toBeGreaterThanOrEqual(10);
    expect(popular).toBeLessThanOrEqual(14);
  });

  it('has at least 200 companies with the per-category minimums', () => {
    expect(companies.length).toBeGreaterThanOrEqual(200);
    const count = (cat: CategorySlug) => companies.filter((c) => c.category === cat).length;
    expect(count('Brokers')).toBeGreaterThanOrEqual(120);
    expect(count('FinTech')).toBeGreaterThanOrEqual(45);
    expect(count('Lp')).toBeGreaterThanOrEqual(40);
    expect(count('Pay')).toBeGreaterThanOrEqual(40);
  });

  it('is deterministic', () => {
    expect(demoCompanies()).toEqual(companies);
    expect(demoCompanies()).not.toBe(companies);
  });

  it('has unique, url-safe slugs and unique names in both languages', () => {
    const unique = (values: string[]) => new Set(values).size === values.length;
    expect(unique(companies.map((c) => c.slug))).toBe(true);
    expect(unique(companies.map((c) => c.name.toLowerCase()))).toBe(true);
    expect(unique(companies.map((c) => c.nameZh))).toBe(true);
    for (const c of companies) {
      expect(c.slug).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
      expect(c.website).toBe(`https://${c.slug}.example`);
      expect(c.nameZh).toMatch(/\p{Script=Han}/u);
      expect(c.aliases).toContain(c.nameZh);
      expect(c.aliases.length).toBeGreaterThanOrEqual(2);
      expect(c.aliases.every((a) => a.trim() !== '')).toBe(true);
    }
  });

  it('never reproduces a real brand', () => {
    const brands = REAL_BRANDS.map((brand) => [brand, wordRegex(brand)] as const);
    const hits: string[] = [];
    for (const c of companies) {
      for (const text of [c.name, c.slug.replace(/-/g, ' '), ...c.aliases]) {
        for (const [brand, re] of brands) if (re.test(text.toLowerCase())) hits.push(`${c.name}: "${text}" contains "${brand}"`);
      }
    }
    expect(hits).toEqual([]);
  });

  it('uses known countries, sane scores, years and review counts', () => {
    for (const c of companies) {
      expect(countryCodes.has(c.countryCode), c.countryCode).toBe(true);
      expect(c.score).toBeGreaterThanOrEqual(0);
      expect(c.score).toBeLessThanOrEqual(5);
      expect(Math.abs(c.score * 10 - Math.round(c.score * 10))).toBeLessThan(1e-9);
      expect(Number.isInteger(c.founded) && c.founded >= 1995 && c.founded <= 2024).toBe(true);
      expect(Number.isInteger(c.reviewCount) && c.reviewCount >= 0).toBe(true);
      expect(c.brandColor).toMatch(/^#[0-9a-f]{6}$/i);
    }
    const mid = companies.filter((c) => c.score >= 2.5 && c.score <= 4.6).length;
    expect(mid / companies.length).toBeGreaterThan(0.8);
    expect(companies.some((c) => c.score < 2)).toBe(true);
    expect(new Set(companies.map((c) => c.countryCode)).size).toBeGreaterThan(25);
  });

  it('keeps licences consistent with the regulated flag', () => {
    for (const c of companies) {
      expect(c.licences.length).toBeLessThanOrEqual(3);
      expect(c.regulated).toBe(c.licences.some((l) => l.status === 'regulated'));
      for (const l of c.licences) {
        expect(['regulated', 'offshore', 'revoked', 'exceeded']).toContain(l.status);
        expect(countryCodes.has(l.regulatorCountry), l.regulatorCountry).toBe(true);
        for (const field of [l.regulator, l.licenceNo, l.entity]) expect(field.trim()).not.toBe('');
        expect(l.entity).toContain(c.name);
        expect(new URL(l.registerUrl).hostname.endsWith('.example')).toBe(true);
      }
      expect(new Set(c.licences.map((l) => l.regulator)).size).toBe(c.licences.length);
    }
    expect(companies.filter((c) => c.regulated).length).toBeGreaterThan(companies.length / 2);
    for (const status of ['regulated', 'offshore', 'revoked', 'exceeded']) {
      expect(companies.some((c) => c.licences.some((l) => l.status === status)), status).toBe(true);
    }
    expect(companies.some((c) => c.licences.length === 0)).toBe(true);
  });

  it('gives every company non-empty text in both languages', () => {
    for (const c of companies) {
      for (const text of [c.name, c.nameZh, c.description.en, c.description.zh, c.about.en, c.about.zh]) {
        expect(text.trim(), c.slug).not.toBe('');
        expect(text).not.toMatch(/undefined|null|NaN|\$\{/);
      }
      expect(c.description.en).toContain(c.name);
      expect(c.description.zh).toContain(c.nameZh);
      expect(c.description.zh).toMatch(/\p{Script=Han}/u);
      expect(c.about.zh).toMatch(/\p{Script=Han}/u);
      // 1–2 sentences of description, 3–5 of about ('。' only ends sentences in the Chinese prose).
      const sentences = (t: string) => (t.match(/。/g) ?? []).length;
      expect(sentences(c.description.zh)).toBeGreaterThanOrEqual(1);
      expect(sentences(c.description.zh)).toBeLessThanOrEqual(2);
      expect(sentences(c.about.zh)).toBeGreaterThanOrEqual(3);
      expect(sentences(c.about.zh)).toBeLessThanOrEqual(5);
    }
    expect(new Set(companies.map((c) => c.description.en)).size).toBe(companies.length);
  });

  it('has category-appropriate product fields with a Chinese label for every term', () => {
    for (const c of companies) {
      expect(c.platforms.length, c.slug).toBeGreaterThan(0);
      expect(c.assetTypes.length, c.slug).toBeGreaterThan(0);
      expect(c.paymentMethods.length, c.slug).toBeGreaterThan(0);
      expect(c.currencies.length, c.slug).toBeGreaterThan(0);
      for (const term of [...c.platforms, ...c.assetTypes, ...c.paymentMethods]) expect(demoTermsZh[term], term).toBeTruthy();
      for (const cur of c.currencies) expect(cur).toMatch(/^[A-Z]{3,4}$/);
      if (c.category === 'Pay' || c.category === 'FinTech') expect(c.maxLeverage).toBeNull();
      else expect(c.maxLeverage).toMatch(/^1:\d+$/);
    }
  });
});

describe('demo company details', () => {
  const companies = demoCompanies();
  const codes = new Set(demoCountries.map((c) => c.code));
  const countryNames = new Map(demoCountries.map((c) => [c.code, c]));

  it('fills services, contact and account opening for every company, plausibly per category', () => {
    for (const c of companies) {
      expect(c.services.length, c.slug).toBeGreaterThanOrEqual(2);
      for (const s of c.services) {
        expect(s.en, c.slug).toMatch(/^[A-Z0-9]/);
        expect(s.zh, c.slug).toMatch(/[\u4e00-\u9fff]/);
      }
      expect(new Set(c.services.map((s) => s.en)).size, c.slug).toBe(c.services.length);
      expect(c.contact.website).toBe(`https://${c.slug}.example`);
      expect(c.contact.email).toBe(`support@${c.slug}.example`);
      expect(c.contact.phone).toMatch(/^\+\d[\d ]{6,}$/);
      const home = countryNames.get(c.countryCode)!;
      expect(c.contact.address.en, c.slug).toContain(home.nameEn);
      expect(c.contact.address.zh, c.slug).toContain(home.nameZh);
      if (c.category === 'Pay') expect(c.openAccountUrl === null || c.openAccountUrl === `https://${c.slug}.example/open-account`).toBe(true);
      else expect(c.openAccountUrl).toBe(`https://${c.slug}.example/open-account`);
      for (const l of c.licences) expect(codes.has(l.regulatorCountry), l.regulator).toBe(true);
    }
    const byCategory = (cat: CategorySlug) => companies.filter((c) => c.category === cat);
    expect(byCategory('Brokers').every((c) => c.services.some((s) => s.en === 'Forex trading accounts'))).toBe(true);
    expect(byCategory('Lp').every((c) => c.services.some((s) => s.zh === '流动性桥接'))).toBe(true);
    expect(byCategory('Brokers').some((c) => c.services.some((s) => s.zh === '跟单交易'))).toBe(true);
    const payWithAccount = byCategory('Pay').filter((c) => c.openAccountUrl !== null).length;
    expect(payWithAccount).toBeLessThan(byCategory('Pay').length / 2);
  });

  it('stores every list term as a bilingual pair with a real Chinese label', () => {
    for (const c of companies) {
      const d = demoDetails(c);
      for (const t of [...d.assetTypes, ...d.platforms, ...d.paymentMethods]) {
        expect(t.zh, t.en).toBe(demoTermsZh[t.en]);
      }
      expect(d.assetTypes.length + d.platforms.length + d.paymentMethods.length + d.currencies.length, c.slug).toBeGreaterThan(3);
      expect(d.about?.zh, c.slug).toBeTruthy();
    }
    expect(demoDetails(companies[0]!).assetTypes[0]).toEqual({ en: 'forex', zh: '外汇' });
  });
});

describe('demo banners', () => {
  it('has 4–5 bilingual banners linking to site paths', () => {
    expect(demoBanners.length).toBeGreaterThanOrEqual(4);
    expect(demoBanners.length).toBeLessThanOrEqual(5);
    expect(new Set(demoBanners.map((b) => b.id)).size).toBe(demoBanners.length);
    for (const b of demoBanners) {
      for (const t of [b.titleEn, b.titleZh, b.subtitleEn, b.subtitleZh]) expect(t.trim()).not.toBe('');
      expect(b.link).toMatch(/^\/[a-z]/);
      expect(b.colorFrom).toMatch(/^#[0-9a-f]{6}$/i);
      expect(b.colorTo).toMatch(/^#[0-9a-f]{6}$/i);
    }
    expect(demoBanners.map((b) => b.link).sort()).toEqual(['/search', '/topbrokers', '/trader/index', '/vlog/index']);
  });
});

describe('generated artwork', () => {
  it('escapes XML special characters', () => {
    expect(escapeXml(`A&B <"x"> 'y'`)).toBe('A&amp;B &lt;&quot;x&quot;&gt; &apos;y&apos;');
    expect(escapeXml('bad\u0000\u001Fchars')).toBe('badchars');
  });

  it('takes 1–2 initials', () => {
    expect(monogram('Northwind Markets')).toBe('NM');
    expect(monogram('Albatross')).toBe('A');
    expect(monogram('sterling crest capital')).toBe('SC');
    expect(monogram('北风市场')).toBe('北风');
    expect(monogram('  ')).toBe('?');
  });

  it('renders a well-formed 128×128 logo even for hostile names and colours', () => {
    const svg = renderLogoSvg('Smith & <Jones> "FX"', '#1d4ed8');
    assertWellFormedXml(svg);
    expect(svg).toContain('viewBox="0 0 128 128"');
    expect(svg).toContain('Smith &amp; &lt;Jones&gt; &quot;FX&quot;');
    expect(svg).toContain('>SJ</text>');
    expect(svg).toContain('fill="#ffffff"');

    const injected = renderLogoSvg('X', '"/><script>alert(1)</script>');
    assertWellFormedXml(injected);
    expect(injected).not.toContain('<script');
  });

  it('renders a well-formed logo for every demo company', () => {
    for (const c of companies) assertWellFormedXml(renderLogoSvg(c.name, c.brandColor));
  });

  it('renders well-formed 1200×400 banners in both locales', () => {
    for (const b of demoBanners) {
      for (const locale of ['en', 'zh-CN'] as const) {
        const svg = renderBannerSvg(b, locale);
        assertWellFormedXml(svg);
        expect(svg).toContain('viewBox="0 0 1200 400"');
        expect(svg).toContain('Noto Sans CJK SC');
        expect(svg).toContain('<linearGradient');
      }
    }
    const hostile = { ...demoBanners[0]!, id: 'x"&<', titleEn: 'Fees & <spreads> compared', subtitleEn: 'Tom & Jerry\'s "FX" <guide>', colorFrom: 'red"' };
    const svg = renderBannerSvg(hostile, 'en');
    assertWellFormedXml(svg);
    expect(svg).toContain('Fees &amp; &lt;spreads&gt; compared');
  });

  it('wraps long titles instead of running off the banner', () => {
    const long = { ...demoBanners[0]!, titleEn: 'An extremely long banner headline that certainly will not fit on one line at sixty pixels' };
    const svg = renderBannerSvg(long, 'en');
    assertWellFormedXml(svg);
    // Title lines are the bold texts without letter-spacing (the wordmark has some).
    const titleLines = svg.match(/font-size="\d+" font-weight="700">[^<]+<\/text>/g) ?? [];
    expect(titleLines.length).toBe(2);
    expect(titleLines.join(' ')).toContain('…');
  });
});

describe('assertWellFormedXml (the checker itself)', () => {
  it('rejects malformed markup', () => {
    expect(() => assertWellFormedXml('<a>x & y</a>')).toThrow();
    expect(() => assertWellFormedXml('<a><b></a></b>')).toThrow();
    expect(() => assertWellFormedXml('<a title="<">x</a>')).toThrow();
    expect(() => assertWellFormedXml('<a x="1" x="2"/>')).toThrow();
    expect(() => assertWellFormedXml('<a/><b/>')).toThrow();
    expect(() => assertWellFormedXml('<a>')).toThrow();
    expect(() => assertWellFormedXml('<a t="&amp;&#38;">&lt;ok&gt;</a>')).not.toThrow();
  });
});
