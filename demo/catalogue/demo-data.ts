/**
 * Demo data for the catalogue, loaded only in demo mode.
 *
 * Every company is FICTIONAL: names are composed from invented word lists, websites use the
 * reserved `.example` TLD, licence numbers are made up and register links point at `.example`
 * hosts. Regulator names are real (a review site without FCA or CySEC would not look like one).
 * Generation is deterministic: a seeded PRNG (mulberry32) per category, no Math.random, no clock.
 */

export type CategorySlug = 'Brokers' | 'FinTech' | 'Lp' | 'Pay';

export interface DemoCategory {
  slug: CategorySlug;
  nameEn: string;
  nameZh: string;
  sort: number;
}

export interface DemoCountry {
  code: string;
  nameEn: string;
  nameZh: string;
  popular: boolean;
  sort: number;
}

export interface DemoLicence {
  regulator: string;
  regulatorCountry: string;
  licenceNo: string;
  entity: string;
  status: 'regulated' | 'offshore' | 'revoked' | 'exceeded';
  registerUrl: string;
}

export interface DemoCompany {
  slug: string;
  name: string;
  nameZh: string;
  aliases: string[];
  category: CategorySlug;
  countryCode: string;
  description: { en: string; zh: string };
  about: { en: string; zh: string };
  score: number;
  reviewCount: number;
  founded: number;
  regulated: boolean;
  website: string;
  brandColor: string;
  licences: DemoLicence[];
  maxLeverage: string | null;
  platforms: string[];
  assetTypes: string[];
  paymentMethods: string[];
  currencies: string[];
  /** Product services, bilingual, in display order. */
  services: DemoText[];
  contact: DemoContact;
  /** Where "Open account" leads; null when the company onboards no retail clients (most payment firms). */
  openAccountUrl: string | null;
}

export interface DemoText {
  en: string;
  zh: string;
}

export interface DemoContact {
  website: string;
  email: string;
  phone: string;
  address: DemoText;
}

export interface DemoBanner {
  id: string;
  titleEn: string;
  titleZh: string;
  subtitleEn: string;
  subtitleZh: string;
  link: string;
  colorFrom: string;
  colorTo: string;
  sort: number;
}

// ---------------------------------------------------------------------------------------------
// Categories, countries, banners

export const demoCategories: DemoCategory[] = [
  { slug: 'Brokers', nameEn: 'Brokers', nameZh: '外汇经纪商', sort: 1 },
  { slug: 'FinTech', nameEn: 'FinTech', nameZh: '金融科技', sort: 2 },
  { slug: 'Lp', nameEn: 'Liquidity', nameZh: '流动性提供商', sort: 3 },
  { slug: 'Pay', nameEn: 'Payment', nameZh: '支付服务商', sort: 4 },
];

type Region = 'eu' | 'apac' | 'gc' | 'sea' | 'sa' | 'me' | 'af' | 'latam' | 'na' | 'off';

interface CountryInfo {
  code: string;
  nameEn: string;
  nameZh: string;
  popular: boolean;
  region: Region;
  currency: string;
  /** Securities / derivatives regulator (brokers, LPs, fintech). */
  sec: string;
  /** Payments / e-money regulator. */
  pay: string;
  /** Legal form of a local entity; 'PT' and 'UAB' are prefixes. */
  legal: string;
}

// code, English, Chinese, popular (footer), region, currency, securities regulator, payments regulator, legal form
const COUNTRY_ROWS: [string, string, string, boolean, Region, string, string, string, string][] = [
  ['GB', 'United Kingdom', '英国', true, 'eu', 'GBP', 'FCA', 'FCA', 'Ltd'],
  ['AU', 'Australia', '澳大利亚', true, 'apac', 'AUD', 'ASIC', 'AUSTRAC', 'Pty Ltd'],
  ['CY', 'Cyprus', '塞浦路斯', true, 'eu', 'EUR', 'CySEC', 'CBC', 'Ltd'],
  ['US', 'United States', '美国', true, 'na', 'USD', 'NFA', 'FinCEN', 'LLC'],
  ['JP', 'Japan', '日本', true, 'apac', 'JPY', 'FSA (Japan)', 'FSA (Japan)', 'Co., Ltd.'],
  ['HK', 'Hong Kong, China', '中国香港', true, 'gc', 'HKD', 'SFC', 'C&ED', 'Limited'],
  ['SG', 'Singapore', '新加坡', true, 'sea', 'SGD', 'MAS', 'MAS', 'Pte. Ltd.'],
  ['ZA', 'South Africa', '南非', true, 'af', 'ZAR', 'FSCA', 'SARB', '(Pty) Ltd'],
  ['MU', 'Mauritius', '毛里求斯', true, 'af', 'USD', 'FSC (Mauritius)', 'FSC (Mauritius)', 'Ltd'],
  ['VU', 'Vanuatu', '瓦努阿图', true, 'off', 'USD', 'VFSC', 'VFSC', 'Ltd'],
  ['AE', 'United Arab Emirates', '阿联酋', true, 'me', 'AED', 'DFSA', 'CBUAE', 'Ltd'],
  ['DE', 'Germany', '德国', true, 'eu', 'EUR', 'BaFin', 'BaFin', 'GmbH'],
  ['VC', 'Saint Vincent and the Grenadines', '圣文森特和格林纳丁斯', false, 'off', 'USD', 'SVG FSA', 'SVG FSA', 'LLC'],
  ['SC', 'Seychelles', '塞舌尔', false, 'off', 'USD', 'FSA (Seychelles)', 'FSA (Seychelles)', 'Ltd'],
  ['BZ', 'Belize', '伯利兹', false, 'off', 'USD', 'FSC (Belize)', 'FSC (Belize)', 'Ltd'],
  ['MY', 'Malaysia', '马来西亚', false, 'sea', 'MYR', 'SC (Malaysia)', 'BNM', 'Sdn. Bhd.'],
  ['TH', 'Thailand', '泰国', false, 'sea', 'THB', 'SEC (Thailand)', 'BOT', 'Co., Ltd.'],
  ['VN', 'Vietnam', '越南', false, 'sea', 'VND', 'SSC', 'SBV', 'JSC'],
  ['ID', 'Indonesia', '印度尼西亚', false, 'sea', 'IDR', 'BAPPEBTI', 'BI', 'PT'],
  ['PH', 'Philippines', '菲律宾', false, 'sea', 'PHP', 'SEC (Philippines)', 'BSP', 'Inc.'],
  ['IN', 'India', '印度', false, 'sa', 'INR', 'SEBI', 'RBI', 'Pvt. Ltd.'],
  ['BR', 'Brazil', '巴西', false, 'latam', 'BRL', 'CVM', 'BCB', 'Ltda.'],
  ['MX', 'Mexico', '墨西哥', false, 'latam', 'MXN', 'CNBV', 'CNBV', 'S.A. de C.V.'],
  ['NG', 'Nigeria', '尼日利亚', false, 'af', 'NGN', 'SEC (Nigeria)', 'CBN', 'Limited'],
  ['KE', 'Kenya', '肯尼亚', false, 'af', 'KES', 'CMA (Kenya)', 'CBK', 'Limited'],
  ['NZ', 'New Zealand', '新西兰', false, 'apac', 'NZD', 'FMA', 'FMA', 'Limited'],
  ['CA', 'Canada', '加拿大', false, 'na', 'CAD', 'CIRO', 'FINTRAC', 'Inc.'],
  ['CH', 'Switzerland', '瑞士', false, 'eu', 'CHF', 'FINMA', 'FINMA', 'AG'],
  ['FR', 'France', '法国', false, 'eu', 'EUR', 'AMF', 'ACPR', 'SAS'],
  ['IT', 'Italy', '意大利', false, 'eu', 'EUR', 'CONSOB', 'Bank of Italy', 'S.p.A.'],
  ['ES', 'Spain', '西班牙', false, 'eu', 'EUR', 'CNMV', 'Bank of Spain', 'S.L.'],
  ['NL', 'Netherlands', '荷兰', false, 'eu', 'EUR', 'AFM', 'DNB', 'B.V.'],
  ['IE', 'Ireland', '爱尔兰', false, 'eu', 'EUR', 'CBI', 'CBI', 'Limited'],
  ['MT', 'Malta', '马耳他', false, 'eu', 'EUR', 'MFSA', 'MFSA', 'Ltd'],
  ['TW', 'Taiwan, China', '中国台湾', false, 'gc', 'TWD', 'FSC (Taiwan)', 'FSC (Taiwan)', 'Co., Ltd.'],
  ['KR', 'South Korea', '韩国', false, 'apac', 'KRW', 'FSS', 'FSS', 'Co., Ltd.'],
  ['TR', 'Türkiye', '土耳其', false, 'me', 'TRY', 'CMB', 'CBRT', 'A.Ş.'],
  ['SA', 'Saudi Arabia', '沙特阿拉伯', false, 'me', 'SAR', 'CMA (Saudi Arabia)', 'SAMA', 'LLC'],
  ['LT', 'Lithuania', '立陶宛', false, 'eu', 'EUR', 'LB', 'LB', 'UAB'],
  ['KY', 'Cayman Islands', '开曼群岛', false, 'off', 'USD', 'CIMA', 'CIMA', 'Ltd'],
  ['BS', 'Bahamas', '巴哈马', false, 'off', 'USD', 'SCB', 'SCB', 'Ltd'],
];

const COUNTRIES: Map<string, CountryInfo> = new Map(
  COUNTRY_ROWS.map(([code, nameEn, nameZh, popular, region, currency, sec, pay, legal]) => [
    code,
    { code, nameEn, nameZh, popular, region, currency, sec, pay, legal },
  ]),
);

export const demoCountries: DemoCountry[] = COUNTRY_ROWS.map(([code, nameEn, nameZh, popular], i) => ({
  code,
  nameEn,
  nameZh,
  popular,
  sort: i + 1,
}));

export const demoBanners: DemoBanner[] = [
  {
    id: 'licence-check',
    titleEn: "Check a broker's licence before you deposit",
    titleZh: '入金之前，先查牌照',
    subtitleEn: 'Search brokers, liquidity providers and payment firms, and see every licence at a glance',
    subtitleZh: '一键搜索经纪商、流动性提供商与支付机构，监管牌照一目了然',
    link: '/search',
    colorFrom: '#0f172a',
    colorTo: '#1d4ed8',
    sort: 1,
  },
  {
    id: 'top-brokers-2026',
    titleEn: 'Top Brokers 2026',
    titleZh: '2026 年度优选经纪商',
    subtitleEn: 'Ranked on regulation, trading costs and real user reviews',
    subtitleZh: '综合监管资质、交易成本与真实用户评价评选',
    link: '/topbrokers',
    colorFrom: '#7c2d12',
    colorTo: '#d97706',
    sort: 2,
  },
  {
    id: 'trader-tv',
    titleEn: 'Trader TV',
    titleZh: '交易者视频',
    subtitleEn: 'Platform walkthroughs, market recaps and interviews with working traders',
    subtitleZh: '平台实测、行情复盘与一线交易者访谈',
    link: '/vlog/index',
    colorFrom: '#4c1d95',
    colorTo: '#db2777',
    sort: 3,
  },
  {
    id: 'top-trader',
    titleEn: 'Bind your account and join Top Trader',
    titleZh: '绑定账户，角逐交易达人榜',
    subtitleEn: 'Link your MT4 or MT5 account to enter the monthly live-trading leaderboard',
    subtitleZh: '关联 MT4/MT5 实盘账户，参加每月实盘收益排行',
    link: '/trader/index',
    colorFrom: '#064e3b',
    colorTo: '#0d9488',
    sort: 4,
  },
];

// ---------------------------------------------------------------------------------------------
// Regulators

type RegKind = 'tier1' | 'tier2' | 'offshore';

interface Regulator {
  key: string;
  country: string;
  /** How English prose refers to it ("authorised by the FCA"). */
  en: string;
  /** Short Chinese form as Chinese-language review sites write it ("英国FCA"). */
  zh: string;
  kind: RegKind;
  /** Licence-number pattern: '#' digit, '@' capital letter, '%Y' four-digit year, '%y' two-digit year. */
  pattern: string;
  /** Retail leverage cap (1:cap) for licensed brokers; offshore entities draw 500–2000 instead. */
  cap: number;
  /** Overrides for the entity name of a foreign subsidiary licensed here. */
  entityTag?: string;
  legal?: string;
}

// key, country, English reference, Chinese short form, kind, licence pattern, retail leverage cap
const REGULATOR_ROWS: [string, string, string, string, RegKind, string, number][] = [
  ['FCA', 'GB', 'the FCA', '英国FCA', 'tier1', '######', 30],
  ['ASIC', 'AU', 'ASIC', '澳大利亚ASIC', 'tier1', '######', 30],
  ['CySEC', 'CY', 'CySEC', '塞浦路斯CySEC', 'tier1', '###/%y', 30],
  ['NFA', 'US', 'the NFA', '美国NFA', 'tier1', '0######', 50],
  ['FSA (Japan)', 'JP', "Japan's FSA", '日本FSA', 'tier1', 'Kanto LFB (Kinsho) ###', 25],
  ['SFC', 'HK', 'the SFC', '香港SFC', 'tier1', '@@@###', 20],
  ['MAS', 'SG', 'MAS', '新加坡MAS', 'tier1', 'CMS1#####', 20],
  ['BaFin', 'DE', 'BaFin', '德国BaFin', 'tier1', '1#####', 30],
  ['FINMA', 'CH', 'FINMA', '瑞士FINMA', 'tier1', 'CHE-###.###.###', 100],
  ['FSCA', 'ZA', 'the FSCA', '南非FSCA', 'tier2', '4####', 500],
  ['DFSA', 'AE', 'the DFSA', '迪拜DFSA', 'tier2', 'F00####', 50],
  ['FMA', 'NZ', "New Zealand's FMA", '新西兰FMA', 'tier2', 'FSP######', 500],
  ['CIRO', 'CA', 'CIRO', '加拿大CIRO', 'tier1', 'CIRO-#####', 50],
  ['AMF', 'FR', "France's AMF", '法国AMF', 'tier1', '#####', 30],
  ['CONSOB', 'IT', 'CONSOB', '意大利CONSOB', 'tier1', '####', 30],
  ['CNMV', 'ES', 'the CNMV', '西班牙CNMV', 'tier1', '###', 30],
  ['AFM', 'NL', 'the AFM', '荷兰AFM', 'tier1', '1#######', 30],
  ['CBI', 'IE', 'the Central Bank of Ireland', '爱尔兰央行', 'tier1', 'C######', 30],
  ['MFSA', 'MT', 'the MFSA', '马耳他MFSA', 'tier2', 'IS/#####', 30],
  ['FSC (Taiwan)', 'TW', "Taiwan's FSC", '台湾金管会', 'tier2', '###-##-##', 20],
  ['FSS', 'KR', "Korea's FSS", '韩国FSS', 'tier2', '####-####', 10],
  ['CMB', 'TR', "Türkiye's CMB", '土耳其CMB', 'tier2', 'SPK-###', 10],
  ['CMA (Saudi Arabia)', 'SA', "Saudi Arabia's CMA", '沙特CMA', 'tier2', '%y###-##', 20],
  ['SC (Malaysia)', 'MY', 'the Securities Commission Malaysia', '马来西亚证监会', 'tier2', 'CMSL/A####/%Y', 20],
  ['SEC (Thailand)', 'TH', "Thailand's SEC", '泰国SEC', 'tier2', '0##-%Y', 20],
  ['SSC', 'VN', "Vietnam's SSC", '越南SSC', 'tier2', '###/GP-UBCK', 20],
  ['BAPPEBTI', 'ID', 'BAPPEBTI', '印尼BAPPEBTI', 'tier2', '###/BAPPEBTI/SI/##/%Y', 100],
  ['SEC (Philippines)', 'PH', 'the Philippine SEC', '菲律宾SEC', 'tier2', 'CS%Y######', 20],
  ['SEBI', 'IN', 'SEBI', '印度SEBI', 'tier2', 'INZ000######', 10],
  ['CVM', 'BR', "Brazil's CVM", '巴西CVM', 'tier2', '#####', 20],
  ['CNBV', 'MX', "Mexico's CNBV", '墨西哥CNBV', 'tier2', '###-####', 20],
  ['SEC (Nigeria)', 'NG', "Nigeria's SEC", '尼日利亚SEC', 'tier2', 'SEC/RC/#####', 100],
  ['CMA (Kenya)', 'KE', "Kenya's CMA", '肯尼亚CMA', 'tier2', 'CMA/%Y/###', 400],
  ['FSC (Mauritius)', 'MU', 'the FSC of Mauritius', '毛里求斯FSC', 'offshore', 'GB%y######', 500],
  ['VFSC', 'VU', 'the VFSC', '瓦努阿图VFSC', 'offshore', '7#####', 500],
  ['SVG FSA', 'VC', 'the SVG FSA', '圣文森特FSA', 'offshore', '##### BC %Y', 500],
  ['FSA (Seychelles)', 'SC', 'the Seychelles FSA', '塞舌尔FSA', 'offshore', 'SD###', 500],
  ['FSC (Belize)', 'BZ', 'the FSC of Belize', '伯利兹FSC', 'offshore', '000###/###', 500],
  ['Labuan FSA', 'MY', 'Labuan FSA', '马来西亚纳闽FSA', 'offshore', 'MB/%y/0###', 500],
  ['CIMA', 'KY', 'CIMA', '开曼CIMA', 'offshore', '1######', 500],
  ['SCB', 'BS', 'the Securities Commission of the Bahamas', '巴哈马SCB', 'offshore', 'SIA-F###', 500],
  // Payments and e-money supervisors.
  ['LB', 'LT', 'the Bank of Lithuania', '立陶宛央行', 'tier1', 'LB-%Y-###', 30],
  ['CBC', 'CY', 'the Central Bank of Cyprus', '塞浦路斯央行', 'tier1', 'CBC/EMI/%Y/##', 30],
  ['FinCEN', 'US', 'FinCEN', '美国FinCEN', 'tier2', '31000#########', 50],
  ['FINTRAC', 'CA', 'FINTRAC', '加拿大FINTRAC', 'tier2', 'M########', 50],
  ['AUSTRAC', 'AU', 'AUSTRAC', '澳大利亚AUSTRAC', 'tier2', '100######', 30],
  ['C&ED', 'HK', 'Hong Kong Customs (C&ED)', '香港海关', 'tier2', '%y-##-#####', 20],
  ['BNM', 'MY', 'Bank Negara Malaysia', '马来西亚国家银行', 'tier1', 'BNM/PS/####', 20],
  ['BOT', 'TH', 'the Bank of Thailand', '泰国央行', 'tier1', 'BOT-PS-###', 20],
  ['BI', 'ID', 'Bank Indonesia', '印尼央行', 'tier1', '%y/###/DKSP', 20],
  ['BSP', 'PH', 'the Bangko Sentral ng Pilipinas', '菲律宾央行', 'tier1', 'OPS-#####', 20],
  ['SBV', 'VN', 'the State Bank of Vietnam', '越南国家银行', 'tier1', '##/GP-NHNN', 20],
  ['RBI', 'IN', 'the Reserve Bank of India', '印度储备银行', 'tier1', 'CO.DPSS.##/####', 10],
  ['BCB', 'BR', 'the Central Bank of Brazil', '巴西央行', 'tier1', '##.###.###/0001-##', 20],
  ['CBN', 'NG', 'the Central Bank of Nigeria', '尼日利亚央行', 'tier1', 'CBN/PSP/%Y/###', 20],
  ['CBK', 'KE', 'the Central Bank of Kenya', '肯尼亚央行', 'tier1', 'CBK/PSP/###', 20],
  ['CBUAE', 'AE', 'the Central Bank of the UAE', '阿联酋央行', 'tier1', 'CBUAE/SVF/##', 20],
  ['CBRT', 'TR', 'the Central Bank of Türkiye', '土耳其央行', 'tier1', 'EPO-###', 10],
  ['SAMA', 'SA', 'SAMA', '沙特央行', 'tier1', 'SAMA/PSP/##', 20],
  ['SARB', 'ZA', 'the South African Reserve Bank', '南非储备银行', 'tier1', 'SARB-PCH-###', 20],
  ['ACPR', 'FR', "France's ACPR", '法国ACPR', 'tier1', '1####', 30],
  ['Bank of Italy', 'IT', 'the Bank of Italy', '意大利央行', 'tier1', '36###', 30],
  ['Bank of Spain', 'ES', 'the Bank of Spain', '西班牙央行', 'tier1', '6###', 30],
  ['DNB', 'NL', 'De Nederlandsche Bank', '荷兰央行', 'tier1', 'R1#####', 30],
];

const REGULATOR_OVERRIDES: Record<string, Pick<Regulator, 'entityTag' | 'legal'>> = {
  DFSA: { entityTag: 'DIFC' },
  'Labuan FSA': { entityTag: 'Labuan', legal: 'Ltd' },
};

const REGULATORS: Map<string, Regulator> = new Map(
  REGULATOR_ROWS.map(([key, country, en, zh, kind, pattern, cap]) => [
    key,
    { key, country, en, zh, kind, pattern, cap, ...REGULATOR_OVERRIDES[key] },
  ]),
);

function regulator(key: string): Regulator {
  const r = REGULATORS.get(key);
  if (!r) throw new Error(`demo seed: unknown regulator ${key}`);
  return r;
}

function country(code: string): CountryInfo {
  const c = COUNTRIES.get(code);
  if (!c) throw new Error(`demo seed: unknown country ${code}`);
  return c;
}

/** Extra (foreign) licences a group adds next to its home one. */
const EXTRA_SEC = ['FCA', 'ASIC', 'CySEC', 'CySEC', 'FSCA', 'DFSA', 'FMA', 'MAS', 'SFC'];
const EXTRA_PAY = ['FCA', 'LB', 'CBC', 'MAS', 'C&ED', 'DNB', 'CBI', 'MFSA', 'FinCEN', 'FINTRAC', 'AUSTRAC'];
const OFFSHORE = ['VFSC', 'VFSC', 'SVG FSA', 'SVG FSA', 'FSA (Seychelles)', 'FSA (Seychelles)', 'FSC (Mauritius)', 'FSC (Mauritius)', 'FSC (Belize)', 'Labuan FSA', 'SCB', 'CIMA'];

// ---------------------------------------------------------------------------------------------
// Vocabulary (English term → Chinese), used in prose and exported for the UI.

const TERMS: [string, string][] = [
  // trading platforms / products / integrations
  ['MT4', 'MT4'],
  ['MT5', 'MT5'],
  ['cTrader', 'cTrader'],
  ['TradingView', 'TradingView'],
  ['WebTrader', '网页交易端'],
  ['Proprietary web platform', '自研网页平台'],
  ['Mobile app', '移动App'],
  ['FIX 4.4 API', 'FIX 4.4 API'],
  ['MT4 bridge', 'MT4桥接'],
  ['MT5 gateway', 'MT5网关'],
  ['cTrader FIX', 'cTrader FIX接口'],
  ['REST API', 'REST API'],
  ['WebSocket feed', 'WebSocket行情推送'],
  ['Web terminal', '网页终端'],
  ['Mobile SDK', '移动SDK'],
  ['MT4/MT5 plugins', 'MT4/MT5插件'],
  ['cTrader plugin', 'cTrader插件'],
  ['CRM system', 'CRM系统'],
  ['Client portal', '客户门户'],
  ['Back-office dashboard', '后台管理系统'],
  ['Copy-trading engine', '跟单引擎'],
  ['Risk dashboard', '风控看板'],
  ['Market data API', '行情数据API'],
  ['White-label app', '白标App'],
  ['Hosted checkout', '托管收银台'],
  ['E-commerce plugins', '电商插件'],
  ['Payouts API', '付款API'],
  ['Merchant dashboard', '商户后台'],
  // asset types
  ['forex', '外汇'],
  ['metals', '贵金属'],
  ['indices', '指数'],
  ['energies', '能源'],
  ['commodities', '大宗商品'],
  ['crypto CFDs', '加密货币差价合约'],
  ['share CFDs', '股票差价合约'],
  ['ETFs', 'ETF'],
  ['bonds', '债券'],
  ['crypto', '加密货币'],
  ['equities', '股票'],
  ['futures', '期货'],
  ['fiat', '法币'],
  ['stablecoins', '稳定币'],
  // payment methods
  ['Bank wire', '银行电汇'],
  ['Visa', 'Visa'],
  ['Mastercard', 'Mastercard'],
  ['UnionPay', '银联'],
  ['Local bank transfer', '本地银行转账'],
  ['E-wallets', '电子钱包'],
  ['USDT', 'USDT'],
  ['Bitcoin', '比特币'],
  ['SEPA', 'SEPA转账'],
  ['Faster Payments', '英国快速支付'],
  ['PIX', 'PIX'],
  ['SPEI', 'SPEI'],
  ['UPI', 'UPI'],
  ['FPX', 'FPX'],
  ['PromptPay', 'PromptPay'],
  ['M-Pesa', 'M-Pesa'],
  ['QR payments', '扫码支付'],
  ['Virtual cards', '虚拟卡'],
  ['Direct debit', '直接借记'],
];

/** Chinese labels for every platform, asset type and payment method used in the demo data. */
export const demoTermsZh: Readonly<Record<string, string>> = Object.freeze(Object.fromEntries(TERMS));

const CURRENCY_ZH: Record<string, string> = {
  USD: '美元', EUR: '欧元', GBP: '英镑', AUD: '澳元', JPY: '日元', HKD: '港元', SGD: '新加坡元', CNY: '人民币',
  CHF: '瑞士法郎', ZAR: '南非兰特', NZD: '新西兰元', CAD: '加元', AED: '阿联酋迪拉姆', MYR: '马来西亚林吉特',
  THB: '泰铢', IDR: '印尼盾', PHP: '菲律宾比索', VND: '越南盾', INR: '印度卢比', BRL: '巴西雷亚尔', MXN: '墨西哥比索',
  NGN: '尼日利亚奈拉', KES: '肯尼亚先令', KRW: '韩元', TWD: '新台币', TRY: '土耳其里拉', SAR: '沙特里亚尔', USDT: 'USDT',
};
const CURRENCY_ORDER = Object.keys(CURRENCY_ZH);

const REGION: Record<Exclude<Region, 'off'>, [string, string]> = {
  eu: ['Europe', '欧洲'],
  apac: ['the Asia-Pacific region', '亚太地区'],
  gc: ['Greater China', '大中华区'],
  sea: ['Southeast Asia', '东南亚'],
  sa: ['South Asia', '南亚'],
  me: ['the Middle East', '中东'],
  af: ['Africa', '非洲'],
  latam: ['Latin America', '拉丁美洲'],
  na: ['North America', '北美'],
};
/** Where clients of offshore-registered firms usually are. */
const OFFSHORE_CLIENT_REGIONS: Exclude<Region, 'off'>[] = ['sea', 'me', 'latam', 'af', 'gc', 'sa'];

const LOCAL_RAIL: Record<string, string> = {
  GB: 'Faster Payments', BR: 'PIX', MX: 'SPEI', IN: 'UPI', MY: 'FPX', TH: 'PromptPay', KE: 'M-Pesa',
};

const BRAND_COLORS = [
  '#1d4ed8', '#0f766e', '#b45309', '#7c3aed', '#be123c', '#0369a1', '#15803d', '#c2410c', '#4338ca', '#0e7490',
  '#a21caf', '#334155', '#9f1239', '#1e40af', '#047857', '#6d28d9', '#b91c1c', '#0c4a6e', '#854d0e', '#3f6212',
];

// ---------------------------------------------------------------------------------------------
// Names: an invented prefix (with a Chinese rendering and its pinyin) + a category suffix.
// '|' marks the join inside a compound ("North|wind" → "Northwind", abbreviated "NW").

const PREFIX_TABLE = `
North|wind:北风:Beifeng
Copper|line:铜岭:Tongling
Tide|water:潮汐:Chaoxi
Sterling Crest:银冠:Yinguan
Harbour|glen:港谷:Ganggu
Aurora Bay:极光湾:Jiguangwan
Blue|gill:蓝鳃:Lansai
Meridian Arc:子午:Ziwu
Kestrel Point:红隼:Hongsun
Lark|spur:翠雀:Cuique
Quill|stone:羽石:Yushi
Ember|field:炽原:Chiyuan
Silver|birch:银桦:Yinhua
Redwood Cove:红杉湾:Hongshanwan
Jade|port:玉港:Yugang
Lotus Gate:莲门:Lianmen
Golden Reed:金苇:Jinwei
Crane Ridge:鹤岭:Heling
Pine|brook:松溪:Songxi
Willow|mere:柳湖:Liuhu
East|shore:东岸:Dong'an
West|march:西境:Xijing
South|cliff:南崖:Nanya
Falcon|ridge:隼岭:Sunling
Cobalt Reef:蓝礁:Lanjiao
Amber|line:琥珀:Hupo
Sea|bright:海辉:Haihui
Oak|haven:橡湾:Xiangwan
Cedar|line:雪松:Xuesong
Glacier Point:冰川:Bingchuan
Halcyon Quay:翠鸟:Cuiniao
Verdant Isle:翠岛:Cuidao
Heron Reach:苍鹭:Canglu
Sun|peak:日峰:Rifeng
Moon|bay:月湾:Yuewan
Sky|lark:云雀:Yunque
Granite Peak:岩峰:Yanfeng
Lantern|field:明灯:Mingdeng
Ever|grove:常青:Changqing
Saffron Line:藏红:Zanghong
Indigo Reach:靛蓝:Dianlan
Hollow|brook:幽溪:Youxi
Wind|mere:风湖:Fenghu
Sand|piper:沙鹬:Shayu
Juniper Hill:杜松:Dusong
Maple|stone:枫石:Fengshi
Bamboo Grove:竹林:Zhulin
Pearl|shore:珠岸:Zhu'an
Phoenix Ridge:凤岭:Fengling
Cloud|pine:云松:Yunsong
Fair|wind:和风:Hefeng
Silver|sail:银帆:Yinfan
Star|anchor:星锚:Xingmao
Iron|quay:铁湾:Tiewan
Salt|marsh:盐泽:Yanze
Heather|gate:石楠:Shinan
Osprey Bay:鱼鹰湾:Yuyingwan
Marlin Point:旗鱼:Qiyu
Coral Bay:珊瑚湾:Shanhuwan
Opal|wave:欧泊:Oubo
Topaz Harbour:黄玉港:Huangyugang
Onyx|field:玛瑙:Manao
Garnet Hill:榴石:Liushi
Sapphire Cove:蓝宝湾:Lanbaowan
Slate|bridge:板桥:Banqiao
Flint|ridge:燧岭:Suiling
Cypress Vale:柏谷:Baigu
Magnolia Row:木兰:Mulan
Orchid Bay:兰湾:Lanwan
Plum|crest:梅峰:Meifeng
Peach|grove:桃林:Taolin
Camellia Court:山茶:Shancha
Chestnut Lane:栗巷:Lixiang
Hazel|wood:榛木:Zhenmu
Rowan|field:花楸:Huaqiu
Elm|gate:榆门:Yumen
Spruce|haven:云杉:Yunshan
Fir|crest:冷杉:Lengshan
Cinder|peak:烬峰:Jinfeng
Basalt Bay:玄武湾:Xuanwuwan
Quartz|line:石英:Shiying
Mica|shore:云母:Yunmu
Stone|mere:石湖:Shihu
Wren|field:鹪园:Jiaoyuan
Swallow|tail:燕尾:Yanwei
Egret Point:白鹭:Bailu
Ibis Bay:朱鹮:Zhuhuan
Pelican Quay:鹈鹕:Tihu
Albatross:信天翁:Xintianweng
Swift|water:迅水:Xunshui
Lynx|wood:猞猁:Sheli
Otter|bay:水獭:Shuita
Stag|horn:鹿角:Lujiao
Fox|hollow:狐谷:Hugu
Wolf|crest:狼峰:Langfeng
Seal|point:海豹:Haibao
Dolphin Reach:海豚:Haitun
Narwhal:独角鲸:Dujiaojing
Manta Bay:鳐湾:Yaowan
Beacon|field:烽原:Fengyuan
Anchor|point:锚点:Maodian
Compass Rose:罗盘:Luopan
Keel|stone:龙骨:Longgu
Mast|head:桅顶:Weiding
Sextant:六分仪:Liufenyi
Solstice:至日:Zhiri
Zephyr|gate:西风:Xifeng
Monsoon Bay:季风:Jifeng
Dawn|ridge:晨岭:Chenling
Dusk|water:暮水:Mushui
Highland Crest:高岭:Gaoling
Clear|brook:清溪:Qingxi
Palm|shore:椰岸:Ye'an
Mangrove Bay:红树湾:Hongshuwan
Lagoon Point:潟湖:Xihu
Atoll:环礁:Huanjiao
Reef|stone:礁石:Jiaoshi
Heron|gate:鹭门:Lumen
Teal|water:碧水:Bishui
Azure|field:蔚原:Weiyuan
Scarlet Oak:朱橡:Zhuxiang
Ochre|field:赭原:Zheyuan
Mulberry Lane:桑园:Sangyuan
Ginkgo|field:银杏:Yinxing
Kapok Grove:木棉:Mumian
Rosewood Quay:紫檀:Zitan
Sandal|wood:檀香:Tanxiang
Teak|line:柚木:Youmu
Banyan Court:榕庭:Rongting
Camphor|wood:樟木:Zhangmu
`;

interface Prefix {
  en: string;
  zh: string;
  pinyin: string;
  /** Initials of the compound parts ("NW", "SC"); '' for a single plain word. */
  initials: string;
}

const PREFIXES: Prefix[] = PREFIX_TABLE.trim()
  .split('\n')
  .map((row) => {
    const [raw = '', zh = '', pinyin = ''] = row.split(':');
    const parts = raw.split(/[| ]/);
    return {
      en: raw.replace(/\|/g, ''),
      zh,
      pinyin,
      initials: parts.length > 1 ? parts.map((p) => p.charAt(0).toUpperCase()).join('') : '',
    };
  });

interface Suffix {
  en: string;
  zh: string;
  pinyin: string;
}

// [English, Chinese, pinyin, weight]
const SUFFIX_ROWS: Record<CategorySlug, [string, string, string, number][]> = {
  Brokers: [
    ['Markets', '市场', 'Shichang', 5],
    ['FX', '外汇', 'Waihui', 4],
    ['Trade', '交易', 'Jiaoyi', 2],
    ['Capital', '资本', 'Ziben', 3],
    ['Global', '环球', 'Huanqiu', 2],
    ['Financial', '金融', 'Jinrong', 2],
    ['Brokers', '经纪', 'Jingji', 1],
    ['Invest', '投资', 'Touzi', 1],
  ],
  FinTech: [
    ['Labs', '实验室', 'Shiyanshi', 3],
    ['Technologies', '科技', 'Keji', 3],
    ['Systems', '系统', 'Xitong', 2],
    ['Data', '数据', 'Shuju', 2],
    ['Analytics', '智析', 'Zhixi', 2],
    ['Software', '软件', 'Ruanjian', 1],
    ['Cloud', '云', 'Yun', 1],
  ],
  Lp: [
    ['Liquidity', '流动性', 'Liudongxing', 4],
    ['Prime', '普锐', 'Purui', 3],
    ['Institutional', '机构金融', 'Jigou Jinrong', 1],
    ['Clearing', '清算', 'Qingsuan', 2],
  ],
  Pay: [
    ['Pay', '付', 'Fu', 4],
    ['Payments', '支付', 'Zhifu', 4],
    ['Remit', '汇', 'Hui', 2],
    ['Wallet', '钱包', 'Qianbao', 1],
    ['Settle', '结算', 'Jiesuan', 1],
  ],
};

const COUNTS: Record<CategorySlug, number> = { Brokers: 122, FinTech: 46, Lp: 40, Pay: 40 };
const CATEGORY_ORDER: CategorySlug[] = ['Brokers', 'FinTech', 'Lp', 'Pay'];

// ---------------------------------------------------------------------------------------------
// Seeded randomness

type Rng = () => number;

const SEED = 20260101;

/** mulberry32: a tiny, well-distributed 32-bit PRNG. Same seed, same sequence, on every platform. */
function mulberry32(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

function int(rng: Rng, min: number, max: number): number {
  return min + Math.floor(rng() * (max - min + 1));
}

function chance(rng: Rng, p: number): boolean {
  return rng() < p;
}

function pick<T>(rng: Rng, items: readonly T[]): T {
  const item = items[Math.floor(rng() * items.length)];
  if (item === undefined) throw new Error('demo seed: pick from an empty list');
  return item;
}

function weighted<T>(rng: Rng, entries: readonly (readonly [T, number])[]): T {
  const total = entries.reduce((sum, [, w]) => sum + w, 0);
  let r = rng() * total;
  for (const [value, w] of entries) {
    r -= w;
    if (r < 0) return value;
  }
  const last = entries[entries.length - 1];
  if (!last) throw new Error('demo seed: weighted pick from an empty list');
  return last[0];
}

function shuffle<T>(rng: Rng, items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/** Sum of two uniforms: values cluster in the middle of [min, max]. Rounded to one decimal. */
function score(rng: Rng, [min, max]: readonly [number, number]): number {
  return Math.round((min + ((rng() + rng()) / 2) * (max - min)) * 10) / 10;
}

function logUniform(rng: Rng, min: number, max: number): number {
  return Math.round(Math.exp(Math.log(min) + rng() * (Math.log(max) - Math.log(min))));
}

// ---------------------------------------------------------------------------------------------
// Tiers: how well licensed a company is drives its licences, score, age and review volume.
//   A: home licence + foreign ones   B: home licence (maybe + offshore)   C: offshore only
//   D: none, revoked or exceeding its licence   N: technology vendor that needs no licence

type Tier = 'A' | 'B' | 'C' | 'D' | 'N';

interface TierProfile {
  weight: number;
  score: [number, number];
  founded: [number, number];
  reviews: [number, number];
  /** Weighted home countries. */
  homes: [string, number][];
}

const REGULATED_BROKER_HOMES: [string, number][] = [
  ['GB', 14], ['AU', 14], ['CY', 16], ['ZA', 6], ['AE', 5], ['HK', 4], ['SG', 3], ['JP', 3], ['US', 2], ['DE', 2],
  ['NZ', 4], ['CH', 1], ['MT', 2], ['CA', 1], ['FR', 1], ['MY', 1], ['TH', 1],
];
const OFFSHORE_HOMES: [string, number][] = [
  ['VU', 8], ['VC', 10], ['SC', 9], ['BZ', 5], ['MU', 8], ['KY', 2], ['BS', 3], ['MY', 3],
];
const RISKY_HOMES: [string, number][] = [
  ['VC', 4], ['SC', 3], ['GB', 3], ['HK', 3], ['AU', 2], ['CY', 2], ['US', 2], ['MY', 2], ['TH', 2], ['ID', 2],
  ['VN', 2], ['PH', 2], ['NG', 2], ['KE', 1], ['IN', 2], ['BR', 2], ['TR', 2], ['AE', 2], ['ZA', 2], ['TW', 1],
];
const LP_HOMES: [string, number][] = [
  ['GB', 10], ['CY', 6], ['AU', 4], ['HK', 5], ['SG', 5], ['CH', 3], ['AE', 3], ['US', 2], ['DE', 1], ['JP', 1], ['IE', 1],
];
const FINTECH_HOMES: [string, number][] = [
  ['GB', 10], ['CY', 4], ['SG', 6], ['HK', 5], ['AU', 4], ['US', 4], ['DE', 3], ['CH', 2], ['IE', 2], ['LT', 2], ['AE', 3],
  ['IN', 3], ['NZ', 1], ['CA', 2], ['NL', 2], ['FR', 1], ['MT', 2], ['TW', 1], ['KR', 1], ['JP', 1], ['MY', 1], ['ZA', 1],
];
const PAY_HOMES: [string, number][] = [
  ['GB', 8], ['LT', 5], ['NL', 2], ['IE', 2], ['MT', 3], ['CY', 3], ['DE', 2], ['SG', 5], ['HK', 5], ['MY', 3], ['TH', 2],
  ['ID', 2], ['PH', 2], ['VN', 1], ['IN', 3], ['BR', 3], ['MX', 2], ['NG', 3], ['KE', 2], ['AE', 3], ['TR', 1], ['SA', 1],
  ['US', 3], ['CA', 2], ['AU', 2], ['ZA', 2], ['FR', 1], ['ES', 1], ['IT', 1], ['JP', 1], ['TW', 1], ['KR', 1],
];
const PAY_OFFSHORE_HOMES: [string, number][] = [['SC', 3], ['VC', 2], ['MU', 3], ['BZ', 1], ['VU', 1], ['KY', 1]];

const TIERS: Record<CategorySlug, Partial<Record<Tier, TierProfile>>> = {
  Brokers: {
    A: { weight: 28, score: [3.8, 4.7], founded: [1995, 2016], reviews: [180, 3200], homes: REGULATED_BROKER_HOMES },
    B: { weight: 34, score: [3.1, 4.4], founded: [2000, 2020], reviews: [60, 1500], homes: REGULATED_BROKER_HOMES },
    C: { weight: 26, score: [2.4, 3.7], founded: [2008, 2022], reviews: [15, 600], homes: OFFSHORE_HOMES },
    D: { weight: 11, score: [0.8, 2.4], founded: [2012, 2024], reviews: [8, 420], homes: RISKY_HOMES },
  },
  FinTech: {
    A: { weight: 12, score: [3.6, 4.6], founded: [2005, 2020], reviews: [40, 900], homes: FINTECH_HOMES },
    B: { weight: 25, score: [3.2, 4.5], founded: [2008, 2022], reviews: [20, 600], homes: FINTECH_HOMES },
    N: { weight: 53, score: [2.6, 4.4], founded: [2010, 2024], reviews: [5, 400], homes: FINTECH_HOMES },
    D: { weight: 6, score: [1.2, 2.6], founded: [2014, 2024], reviews: [5, 200], homes: RISKY_HOMES },
  },
  Lp: {
    A: { weight: 45, score: [3.7, 4.6], founded: [2001, 2018], reviews: [30, 700], homes: LP_HOMES },
    B: { weight: 35, score: [3.2, 4.4], founded: [2005, 2020], reviews: [15, 400], homes: LP_HOMES },
    C: { weight: 12, score: [2.5, 3.6], founded: [2010, 2022], reviews: [5, 150], homes: OFFSHORE_HOMES },
    D: { weight: 5, score: [1.0, 2.4], founded: [2014, 2024], reviews: [5, 120], homes: RISKY_HOMES },
  },
  Pay: {
    A: { weight: 35, score: [3.7, 4.6], founded: [2003, 2019], reviews: [60, 1500], homes: PAY_HOMES },
    B: { weight: 40, score: [3.1, 4.4], founded: [2008, 2022], reviews: [20, 800], homes: PAY_HOMES },
    C: { weight: 13, score: [2.4, 3.5], founded: [2012, 2023], reviews: [10, 300], homes: PAY_OFFSHORE_HOMES },
    D: { weight: 7, score: [1.0, 2.4], founded: [2015, 2024], reviews: [8, 300], homes: RISKY_HOMES },
  },
};

// ---------------------------------------------------------------------------------------------
// Licences

const ENTITY_TAG: Record<string, string> = {
  GB: 'UK', US: 'US', HK: 'HK', AE: 'UAE', ZA: 'South Africa', TW: 'Taiwan', KR: 'Korea', VC: 'SVG', KY: 'Cayman',
};

function entityName(name: string, reg: Regulator, home: string): string {
  const c = country(reg.country);
  const legal = reg.legal ?? c.legal;
  const tag = reg.country === home && !reg.entityTag ? '' : ` (${reg.entityTag ?? ENTITY_TAG[reg.country] ?? c.nameEn})`;
  return legal === 'PT' || legal === 'UAB' ? `${legal} ${name}${tag}` : `${name}${tag} ${legal}`;
}

function licenceNumber(rng: Rng, pattern: string, founded: number): string {
  const year = int(rng, founded, 2024);
  return pattern.replace(/%Y|%y|#|@/g, (token) => {
    if (token === '%Y') return String(year);
    if (token === '%y') return String(year % 100).padStart(2, '0');
    if (token === '#') return String(int(rng, 0, 9));
    return String.fromCharCode(65 + int(rng, 0, 25));
  });
}

function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

function buildLicences(rng: Rng, category: CategorySlug, tier: Tier, home: string, name: string, founded: number): DemoLicence[] {
  const payments = category === 'Pay';
  const c = country(home);
  const homeKey = payments ? c.pay : c.sec;
  const extras = payments ? EXTRA_PAY : EXTRA_SEC;
  const licences: DemoLicence[] = [];
  const used = new Set<string>();
  const add = (key: string, status: DemoLicence['status']): void => {
    if (used.has(key) || licences.length >= 3) return;
    used.add(key);
    const reg = regulator(key);
    const licenceNo = licenceNumber(rng, reg.pattern, founded);
    licences.push({
      regulator: reg.key,
      regulatorCountry: reg.country,
      licenceNo,
      entity: entityName(name, reg, home),
      status,
      registerUrl: `https://register.${slugify(reg.key)}.example/firms/${encodeURIComponent(licenceNo)}`,
    });
  };
  const homeOffshore = (): string => (home === 'MY' ? 'Labuan FSA' : homeKey);
  const foreign = (pool: readonly string[]): string => pick(rng, pool.filter((k) => !used.has(k) && regulator(k).country !== home));

  switch (tier) {
    case 'A':
      add(homeKey, 'regulated');
      if (category === 'Brokers') {
        if (chance(rng, 0.6)) add(foreign(extras), 'regulated');
        if (chance(rng, 0.6)) add(foreign(OFFSHORE), 'offshore');
        if (licences.length === 1) add(foreign(extras), 'regulated');
      } else {
        add(foreign(extras), 'regulated');
        if (category === 'Lp' && chance(rng, 0.3)) add(foreign(OFFSHORE), 'offshore');
      }
      break;
    case 'B':
      add(homeKey, 'regulated');
      if ((category === 'Brokers' && chance(rng, 0.5)) || (category === 'Lp' && chance(rng, 0.3))) add(foreign(OFFSHORE), 'offshore');
      break;
    case 'C':
      add(homeOffshore(), 'offshore');
      if (chance(rng, 0.35)) add(foreign(OFFSHORE), 'offshore');
      break;
    case 'D': {
      const r = rng();
      const onshore = regulator(homeKey).kind === 'offshore' ? foreign(extras) : homeKey;
      if (r >= 0.4) add(onshore, r < 0.7 ? 'revoked' : 'exceeded');
      // A problem licence sometimes sits next to an offshore one; the unlicensed stay unlicensed.
      if (r >= 0.4 && (category === 'Brokers' || category === 'Lp') && chance(rng, 0.3)) add(foreign(OFFSHORE), 'offshore');
      break;
    }
    case 'N':
      break;
  }
  for (const l of licences) {
    if (l.status === 'regulated' && regulator(l.regulator).kind === 'offshore') {
      throw new Error(`demo seed: ${name} home ${home} has no onshore regulator for tier ${tier}`);
    }
  }
  return licences;
}

// ---------------------------------------------------------------------------------------------
// Products

function subset<T>(rng: Rng, entries: readonly (readonly [T, number])[]): T[] {
  return entries.filter(([, p]) => chance(rng, p)).map(([v]) => v);
}

function ordered(items: string[], order: readonly string[]): string[] {
  return [...new Set(items)].sort((a, b) => order.indexOf(a) - order.indexOf(b));
}

const TERM_ORDER = TERMS.map(([en]) => en);

function brokerPlatforms(rng: Rng): string[] {
  const mt = weighted(rng, [[['MT4', 'MT5'], 40], [['MT5'], 30], [['MT4'], 15], [[], 15]] as const);
  const rest = subset(rng, [['cTrader', 0.3], ['TradingView', 0.25], ['WebTrader', 0.4], ['Proprietary web platform', 0.2], ['Mobile app', 0.5]] as const);
  const all = [...mt, ...rest];
  if (mt.length === 0 && !all.includes('Proprietary web platform')) all.push('Proprietary web platform');
  return ordered(all, TERM_ORDER);
}

function paymentMethods(rng: Rng, category: CategorySlug, home: string, offshore: boolean): string[] {
  const c = country(home);
  const rail = c.region === 'eu' && home !== 'GB' ? 'SEPA' : LOCAL_RAIL[home];
  const methods: string[] = [];
  switch (category) {
    case 'Brokers': {
      methods.push(...subset(rng, [['Bank wire', 0.95], ['UnionPay', 0.35], ['Local bank transfer', 0.5], ['E-wallets', 0.55], ['USDT', offshore ? 0.75 : 0.35], ['Bitcoin', offshore ? 0.4 : 0.15]] as const));
      if (chance(rng, 0.75)) methods.push('Visa', 'Mastercard');
      if (rail && chance(rng, 0.6)) methods.push(rail);
      break;
    }
    case 'Lp':
      methods.push('Bank wire');
      if (rail === 'SEPA') methods.push(rail);
      if (chance(rng, 0.3)) methods.push('USDT');
      break;
    case 'FinTech':
      methods.push('Bank wire');
      if (chance(rng, 0.6)) methods.push('Visa', 'Mastercard');
      if (chance(rng, 0.3)) methods.push('Direct debit');
      if (rail === 'SEPA') methods.push(rail);
      break;
    case 'Pay':
      methods.push(...subset(rng, [['Bank wire', 0.6], ['UnionPay', 0.4], ['Local bank transfer', 0.7], ['E-wallets', 0.5], ['QR payments', 0.4], ['Virtual cards', 0.25], ['Direct debit', 0.3], ['USDT', 0.25]] as const));
      if (chance(rng, 0.8)) methods.push('Visa', 'Mastercard');
      if (rail && chance(rng, 0.9)) methods.push(rail);
      if (methods.length < 2) methods.push('Local bank transfer', 'E-wallets');
      break;
  }
  if (methods.length === 0) methods.push('Bank wire');
  return ordered(methods, TERM_ORDER);
}

function currencies(rng: Rng, category: CategorySlug, home: string, offshore: boolean): string[] {
  const local = country(home).currency;
  const out = ['USD'];
  switch (category) {
    case 'Brokers':
      out.push(...subset(rng, [['EUR', 0.7], ['GBP', 0.45], ['JPY', 0.1], ['USDT', offshore ? 0.35 : 0.1]] as const));
      if (chance(rng, 0.8)) out.push(local);
      break;
    case 'Lp':
      out.push(...subset(rng, [['EUR', 0.8], ['GBP', 0.5], ['JPY', 0.2]] as const), local);
      break;
    case 'FinTech':
      out.push(...subset(rng, [['EUR', 0.6], ['GBP', 0.3]] as const), local);
      break;
    case 'Pay': {
      out.push(local, ...subset(rng, [['EUR', 0.6], ['GBP', 0.3]] as const));
      const others = shuffle(rng, ['HKD', 'SGD', 'CNY', 'AUD', 'JPY', 'MYR', 'THB', 'IDR', 'PHP', 'INR', 'BRL', 'MXN', 'AED', 'NGN', 'KES']);
      out.push(...others.slice(0, int(rng, 1, 5)));
      break;
    }
  }
  return ordered(out, CURRENCY_ORDER);
}

function leverageCap(rng: Rng, licences: DemoLicence[]): number {
  const offshoreCap = pick(rng, [500, 500, 1000, 1000, 2000]);
  let cap = 0;
  for (const l of licences) {
    if (l.status === 'regulated') cap = Math.max(cap, regulator(l.regulator).cap);
    if (l.status === 'offshore') cap = Math.max(cap, offshoreCap);
  }
  return cap > 0 ? cap : pick(rng, [400, 500, 1000, 2000, 3000]);
}

interface Specialty {
  en: string;
  zh: string;
  products?: string[];
}

const FINTECH_SPECIALTIES: Specialty[] = [
  { en: 'white-label trading platforms', zh: '白标交易平台', products: ['Web terminal', 'White-label app', 'Back-office dashboard'] },
  { en: 'broker CRM and client portals', zh: '经纪商CRM与客户门户', products: ['CRM system', 'Client portal', 'REST API'] },
  { en: 'copy trading and social trading tools', zh: '跟单及社交交易工具', products: ['Copy-trading engine', 'MT4/MT5 plugins', 'Mobile SDK'] },
  { en: 'risk management and dealing-desk tools', zh: '风险管理与交易室工具', products: ['Risk dashboard', 'MT4/MT5 plugins', 'REST API'] },
  { en: 'market data feeds and APIs', zh: '行情数据源与API', products: ['Market data API', 'REST API', 'Web terminal'] },
  { en: 'KYC and compliance automation', zh: 'KYC与合规自动化', products: ['REST API', 'Back-office dashboard', 'Mobile SDK'] },
  { en: 'algorithmic trading and strategy backtesting', zh: '量化交易与策略回测', products: ['Web terminal', 'REST API', 'cTrader plugin'] },
  { en: 'robo-advisory portfolios', zh: '智能投顾', products: ['White-label app', 'REST API', 'Client portal'] },
  { en: 'trade surveillance and regulatory reporting', zh: '交易监控与监管报送', products: ['Risk dashboard', 'Back-office dashboard', 'REST API'] },
  { en: 'mobile trading apps', zh: '移动交易应用', products: ['White-label app', 'Mobile SDK', 'Web terminal'] },
  { en: 'crypto exchange infrastructure', zh: '加密货币交易所基础设施', products: ['Web terminal', 'REST API', 'Back-office dashboard'] },
  { en: 'AI-driven market analytics', zh: 'AI市场分析', products: ['Market data API', 'Web terminal', 'Mobile SDK'] },
];

const PAY_SPECIALTIES: Specialty[] = [
  { en: 'cross-border B2B payments', zh: '跨境B2B支付' },
  { en: 'online merchant acquiring', zh: '线上商户收单' },
  { en: 'deposit and withdrawal processing for forex brokers', zh: '外汇经纪商出入金' },
  { en: 'multi-currency business accounts', zh: '多币种企业账户' },
  { en: 'mass payouts', zh: '批量付款' },
  { en: 'stablecoin settlement', zh: '稳定币结算' },
  { en: 'international remittances', zh: '跨境汇款' },
  { en: 'e-wallet services', zh: '电子钱包' },
  { en: 'local payment methods for e-commerce', zh: '电商本地化收款' },
];

// ---------------------------------------------------------------------------------------------
// Prose

const WITH_ARTICLE = new Set(['GB', 'US', 'AE', 'NL', 'PH', 'KY', 'BS']);

function listEn(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

function listZh(items: readonly string[]): string {
  return items.join('、');
}

const zhTerm = (term: string): string => demoTermsZh[term] ?? term;

/** How a label reads inside an English sentence ("funded by bank wire", "via a FIX 4.4 API"). */
const PROSE_EN: Record<string, string> = {
  'Proprietary web platform': 'its own web platform',
  'Mobile app': 'mobile apps',
  'FIX 4.4 API': 'a FIX 4.4 API',
  'MT4 bridge': 'an MT4 bridge',
  'MT5 gateway': 'an MT5 gateway',
  'REST API': 'a REST API',
  'WebSocket feed': 'a WebSocket feed',
  'Web terminal': 'a web terminal',
  'Mobile SDK': 'a mobile SDK',
  'cTrader plugin': 'a cTrader plugin',
  'CRM system': 'a CRM system',
  'Client portal': 'a client portal',
  'Back-office dashboard': 'a back-office dashboard',
  'Copy-trading engine': 'a copy-trading engine',
  'Risk dashboard': 'a risk dashboard',
  'Market data API': 'a market data API',
  'White-label app': 'a white-label app',
  'Hosted checkout': 'a hosted checkout page',
  'E-commerce plugins': 'e-commerce plugins',
  'Payouts API': 'a payouts API',
  'Merchant dashboard': 'a merchant dashboard',
  'Bank wire': 'bank wire',
  'Local bank transfer': 'local bank transfer',
  'E-wallets': 'e-wallets',
  'QR payments': 'QR payments',
  'Virtual cards': 'virtual cards',
  'Direct debit': 'direct debit',
};
const proseEn = (terms: readonly string[]): string => listEn(terms.map((t) => PROSE_EN[t] ?? t));
const zhCurrency = (code: string): string => CURRENCY_ZH[code] ?? code;

interface Ctx {
  rng: Rng;
  name: string;
  nameZh: string;
  countryEn: string;
  countryZh: string;
  founded: number;
  platforms: string[];
  assets: string[];
  methods: string[];
  currencies: string[];
  leverage: string | null;
  licences: DemoLicence[];
  region: [string, string];
}

type Bilingual = [en: string, zh: string];

const statusRegs = (ctx: Ctx, status: DemoLicence['status']): Regulator[] =>
  ctx.licences.filter((l) => l.status === status).map((l) => regulator(l.regulator));

const refsEn = (regs: Regulator[]): string => listEn(regs.map((r) => r.en));
const refsZh = (regs: Regulator[]): string => listZh(regs.map((r) => r.zh));

/** One sentence on the licence position, for categories whose intro does not already say it. */
function regulationSentence(ctx: Ctx, vendor: boolean): Bilingual {
  const regulated = statusRegs(ctx, 'regulated');
  const offshore = statusRegs(ctx, 'offshore');
  const revoked = statusRegs(ctx, 'revoked')[0];
  const exceeded = statusRegs(ctx, 'exceeded')[0];
  if (regulated.length > 0 && offshore.length > 0) {
    return [
      `It is authorised by ${refsEn(regulated)} and also holds an offshore registration with ${refsEn(offshore)}.`,
      `该公司受${refsZh(regulated)}监管，另持有${refsZh(offshore)}离岸牌照。`,
    ];
  }
  if (regulated.length > 0) {
    return pick(ctx.rng, [
      [`It is authorised by ${refsEn(regulated)}.`, `该公司受${refsZh(regulated)}监管。`],
      [`${ctx.name} holds ${regulated.length === 1 ? 'a licence' : 'licences'} from ${refsEn(regulated)}.`, `${ctx.nameZh}持有${refsZh(regulated)}颁发的牌照。`],
    ] as Bilingual[]);
  }
  if (offshore.length > 0 && revoked) {
    return [
      `Apart from an offshore registration with ${refsEn(offshore)}, its licence from ${revoked.en} has been revoked.`,
      `除${refsZh(offshore)}离岸牌照外，其${revoked.zh}牌照已被吊销。`,
    ];
  }
  if (offshore.length > 0 && exceeded) {
    return [
      `Apart from an offshore registration with ${refsEn(offshore)}, it operates beyond the scope of its licence from ${exceeded.en}.`,
      `除${refsZh(offshore)}离岸牌照外，其实际业务已超出${exceeded.zh}牌照的许可范围。`,
    ];
  }
  if (offshore.length > 0) {
    return offshore.length === 1
      ? [`Its only licence is an offshore registration with ${refsEn(offshore)}.`, `该公司仅持有${refsZh(offshore)}离岸牌照。`]
      : [`Its only licences are offshore registrations with ${refsEn(offshore)}.`, `该公司仅持有${refsZh(offshore)}离岸牌照。`];
  }
  if (revoked) return [`Its licence from ${revoked.en} has been revoked.`, `其${revoked.zh}牌照已被吊销。`];
  if (exceeded) return [`Its activities go beyond the scope of its licence from ${exceeded.en}.`, `其实际业务已超出${exceeded.zh}牌照的许可范围。`];
  return vendor
    ? ['As a technology vendor it does not hold a financial services licence.', '作为技术供应商，该公司未持有金融服务牌照。']
    : ['It holds no licence from any recognised regulator.', '该公司未持有任何受认可监管机构的牌照。'];
}

/** The licence-by-licence sentence of the "about" paragraph. */
function licenceSentence(ctx: Ctx, vendor: boolean): Bilingual {
  if (ctx.licences.length === 0) {
    return vendor
      ? [
          `As a software vendor, ${ctx.name} is not itself licensed; its broker clients carry the regulatory obligations.`,
          `作为软件供应商，${ctx.nameZh}本身不持有金融牌照，相关监管责任由其经纪商客户承担。`,
        ]
      : [
          `${ctx.name} does not appear on the public register of any major financial regulator.`,
          `在各主要金融监管机构的公开名录中均查不到${ctx.nameZh}。`,
        ];
  }
  const en = ctx.licences.map((l) => {
    const reg = regulator(l.regulator);
    switch (l.status) {
      case 'regulated':
        return `${l.entity} (authorised by ${reg.en}, licence no. ${l.licenceNo})`;
      case 'offshore':
        return `${l.entity} (registered offshore with ${reg.en}, no. ${l.licenceNo})`;
      case 'revoked':
        return `${l.entity} (licence no. ${l.licenceNo} from ${reg.en}, now revoked)`;
      case 'exceeded':
        return `${l.entity} (licensed by ${reg.en} under no. ${l.licenceNo}, but operating beyond that licence's scope)`;
    }
  });
  const zh = ctx.licences.map((l) => {
    const reg = regulator(l.regulator);
    switch (l.status) {
      case 'regulated':
        return `${l.entity}（受${reg.zh}监管，牌照号${l.licenceNo}）`;
      case 'offshore':
        return `${l.entity}（${reg.zh}离岸注册，编号${l.licenceNo}）`;
      case 'revoked':
        return `${l.entity}（${reg.zh}牌照${l.licenceNo}，已被吊销）`;
      case 'exceeded':
        return `${l.entity}（持有${reg.zh}牌照${l.licenceNo}，但业务超出许可范围）`;
    }
  });
  if (en.length === 1) return [`Its licensed entity is ${en[0]}.`, `其持牌主体为${zh[0]}。`];
  return [
    `It operates through ${listEn(en)}.`,
    `旗下持牌主体包括${zh.slice(0, -1).join('、')}及${zh[zh.length - 1]}。`,
  ];
}

function regionSentence(ctx: Ctx): Bilingual {
  const [en, zh] = ctx.region;
  return pick(ctx.rng, [
    [`Most of its clients are in ${en}.`, `其客户主要来自${zh}。`],
    [`Its business is focused on ${en}.`, `其业务重心在${zh}市场。`],
    [`${ctx.name} is growing fastest in ${en}.`, `${ctx.nameZh}目前在${zh}的业务增长最快。`],
  ] as Bilingual[]);
}

const BROKER_FEATURES: Bilingual[] = [
  ['raw spreads from 0.0 pips on its ECN account', 'ECN账户原始点差低至0.0点'],
  ['no minimum deposit on standard accounts', '标准账户无最低入金要求'],
  ['same-day withdrawal processing', '出金当日处理'],
  ['a built-in copy-trading service', '内置跟单交易服务'],
  ['swap-free Islamic accounts', '免隔夜利息的伊斯兰账户'],
  ['free VPS hosting for active traders', '为活跃交易者提供免费VPS'],
  ['daily market analysis in English and Chinese', '每日中英文行情分析'],
  ['negative balance protection for retail clients', '零售客户负余额保护'],
  ['commission-free standard accounts', '标准账户免佣金'],
  ['round-the-clock multilingual support', '全天候多语种客服'],
];

const BROKER_WARNINGS: Bilingual[] = [
  ['Several users have reported delayed withdrawals.', '多名用户反映出金迟迟未到账。'],
  ["Check the regulator's register before depositing.", '入金前请务必到监管机构官网核实。'],
  ['Its website and company details have changed several times.', '其官网及公司主体信息曾多次变更。'],
];

function brokerText(ctx: Ctx): { description: Bilingual; about: Bilingual[] } {
  const { rng, name, nameZh, countryEn, countryZh, founded, leverage } = ctx;
  const lev = leverage ?? '';
  const platforms = proseEn(ctx.platforms);
  const platformsZh = listZh(ctx.platforms.map(zhTerm));
  const assets = listEn(ctx.assets);
  const assetsZh = listZh(ctx.assets.map(zhTerm));
  const regulated = statusRegs(ctx, 'regulated');
  const offshore = statusRegs(ctx, 'offshore');
  const revoked = statusRegs(ctx, 'revoked')[0];
  const exceeded = statusRegs(ctx, 'exceeded')[0];
  const instruments = Math.round((ctx.assets.length * int(rng, 8, 60) + (ctx.assets.includes('share CFDs') ? int(rng, 100, 1500) : 0)) / 10) * 10;

  let intro: Bilingual;
  if (regulated.length > 0) {
    intro = pick(rng, [
      [
        `${name} is a forex and CFD broker headquartered in ${countryEn}, founded in ${founded} and regulated by ${refsEn(regulated)}.`,
        `${nameZh}是一家总部位于${countryZh}的外汇及差价合约经纪商，成立于${founded}年，受${refsZh(regulated)}监管。`,
      ],
      [
        `Founded in ${founded}, ${name} gives traders access to ${assets} on ${platforms}, with oversight from ${refsEn(regulated)}.`,
        `${nameZh}成立于${founded}年，在${platformsZh}平台上提供${assetsZh}交易，接受${refsZh(regulated)}监管。`,
      ],
      [
        `${name} runs regulated trading accounts for retail and professional clients from its base in ${countryEn}, with leverage up to ${lev}.`,
        `${nameZh}立足${countryZh}，面向零售及专业客户提供受监管的交易账户，最高杠杆${lev}。`,
      ],
    ] as Bilingual[]);
  } else if (revoked) {
    intro = [
      `${name}'s licence from ${revoked.en} has been revoked, so treat any new account offers with caution.`,
      `${nameZh}的${revoked.zh}牌照已被吊销，对其新的开户邀约请保持警惕。`,
    ];
  } else if (exceeded) {
    intro = [
      `${name} holds a licence from ${exceeded.en}, but the forex and CFD business it actually runs goes beyond that licence's scope.`,
      `${nameZh}虽持有${exceeded.zh}牌照，但其实际开展的外汇及差价合约业务已超出牌照许可范围，属超限经营。`,
    ];
  } else if (offshore.length > 0) {
    intro = pick(rng, [
      [
        `${name} is an offshore forex broker registered in ${countryEn} since ${founded}, offering leverage up to ${lev} on ${platforms}.`,
        `${nameZh}是一家${founded}年在${countryZh}注册的离岸外汇经纪商，通过${platformsZh}提供最高${lev}的杠杆。`,
      ],
      [
        `Operating under an offshore registration with ${refsEn(offshore)}, ${name} targets high-leverage traders with accounts on ${platforms}.`,
        `${nameZh}持有${refsZh(offshore)}离岸牌照，主要面向高杠杆交易者，提供${platformsZh}交易账户。`,
      ],
      [
        `${name} has offered ${assets} trading since ${founded}, but its only licences are offshore registrations with ${refsEn(offshore)}.`,
        `${nameZh}自${founded}年起提供${assetsZh}交易，但仅持有${refsZh(offshore)}离岸牌照。`,
      ],
    ] as Bilingual[]);
  } else {
    intro = pick(rng, [
      [
        `${name} says it has served traders since ${founded} but holds no licence from a recognised regulator, so deposits carry extra risk.`,
        `${nameZh}自称成立于${founded}年，但未持有任何受认可监管机构颁发的牌照，入金风险较高。`,
      ],
      [
        `${name} markets high-leverage trading accounts from ${countryEn}, yet no valid regulatory licence could be verified.`,
        `${nameZh}在${countryZh}推广高杠杆交易账户，但目前无法核实其任何有效监管牌照。`,
      ],
    ] as Bilingual[]);
  }

  const troubled = regulated.length === 0 && (revoked !== undefined || exceeded !== undefined || offshore.length === 0);
  let second: Bilingual;
  if (!troubled) {
    const [fEn, fZh] = pick(rng, BROKER_FEATURES);
    second = pick(rng, [
      [`Highlights include ${fEn}.`, `主要亮点包括${fZh}。`],
      [`Traders often mention ${fEn}.`, `交易者常提及的优势是${fZh}。`],
    ] as Bilingual[]);
  } else {
    second = pick(rng, BROKER_WARNINGS);
  }
  const description: Bilingual = [`${intro[0]} ${second[0]}`, `${intro[1]}${second[1]}`];

  const [originEn, originZh] = pick(rng, [
    ['a small introducing broker', '小型介绍经纪商（IB）'],
    ['a proprietary trading desk', '自营交易团队'],
    ['a forex education community', '外汇教育社区'],
    ['an MT4 white-label broker', 'MT4白标经纪商'],
  ] as Bilingual[]);
  const history = pick(rng, [
    [`${name} was founded in ${founded} and is headquartered in ${countryEn}.`, `${nameZh}成立于${founded}年，总部设在${countryZh}。`],
    [
      `Established in ${countryEn} in ${founded}, ${name} started as ${originEn} and has since grown into a multi-asset broker.`,
      `${nameZh}于${founded}年在${countryZh}创立，最初是一家${originZh}，后逐步发展为多资产经纪商。`,
    ],
    [`${name} has offered online trading since ${founded} from its head office in ${countryEn}.`, `${nameZh}自${founded}年起提供在线交易服务，总部位于${countryZh}。`],
  ] as Bilingual[]);
  const products = pick(rng, [
    [`Clients can trade ${assets} on ${platforms}, with leverage of up to ${lev}.`, `客户可通过${platformsZh}交易${assetsZh}，最高杠杆${lev}。`],
    [
      `The broker lists around ${instruments} instruments across ${assets}, available on ${platforms} with leverage of up to ${lev}.`,
      `该经纪商提供约${instruments}种交易品种，涵盖${assetsZh}，可在${platformsZh}上交易，最高杠杆${lev}。`,
    ],
  ] as Bilingual[]);
  const funding: Bilingual = [
    ctx.currencies.length === 1
      ? `Accounts can be funded by ${proseEn(ctx.methods)}, with ${ctx.currencies[0]} as the account currency.`
      : `Accounts can be funded by ${proseEn(ctx.methods)}, with ${listEn(ctx.currencies)} available as account currencies.`,
    `账户支持${listZh(ctx.methods.map(zhTerm))}入金，账户币种可选${listZh(ctx.currencies.map(zhCurrency))}。`,
  ];
  const about = [history, licenceSentence(ctx, false), products, funding];
  if (chance(rng, 0.6)) about.push(regionSentence(ctx));
  return { description, about };
}

function fintechText(ctx: Ctx, spec: Specialty): { description: Bilingual; about: Bilingual[] } {
  const { rng, name, nameZh, countryEn, countryZh, founded } = ctx;
  const clients = int(rng, 3, 60) * 5;
  const [connectors, connectorsZh] = pick(rng, [
    ['MT4 and MT5', 'MT4和MT5'],
    ['MT5 and cTrader', 'MT5和cTrader'],
    ['MT4, MT5 and cTrader', 'MT4、MT5及cTrader'],
    ['the FIX protocol', 'FIX协议'],
  ] as Bilingual[]);
  const intro = pick(rng, [
    [`${name} builds ${spec.en} for brokers and trading firms from its base in ${countryEn}.`, `${nameZh}总部位于${countryZh}，为经纪商及交易机构提供${spec.zh}解决方案。`],
    [`Founded in ${founded}, ${name} develops ${spec.en} used by more than ${clients} institutional clients.`, `${nameZh}成立于${founded}年，专注于${spec.zh}，已服务${clients}余家机构客户。`],
    [`Since ${founded}, ${name} has specialised in ${spec.en}, with ready-made connectors for ${connectors}.`, `${nameZh}自${founded}年起深耕${spec.zh}领域，可直接对接${connectorsZh}。`],
  ] as Bilingual[]);
  const reg = regulationSentence(ctx, true);
  const [teamEn, teamZh] = pick(rng, [
    ['bank technologists', '银行技术人员'],
    ['quant traders', '量化交易员'],
    ['exchange engineers', '交易所工程师'],
    ['broker executives', '经纪商高管'],
  ] as Bilingual[]);
  const history = pick(rng, [
    [`${name} was founded in ${founded} in ${countryEn} by a team of former ${teamEn}.`, `${nameZh}由一群前${teamZh}于${founded}年在${countryZh}创立。`],
    [`Headquartered in ${countryEn}, ${name} has been building ${spec.en} since ${founded}.`, `${nameZh}总部位于${countryZh}，自${founded}年起致力于${spec.zh}。`],
  ] as Bilingual[]);
  const products: Bilingual = [
    `Its product line includes ${proseEn(ctx.platforms)}, covering ${listEn(ctx.assets)}.`,
    `其产品线包括${listZh(ctx.platforms.map(zhTerm))}，覆盖${listZh(ctx.assets.map(zhTerm))}等资产类别。`,
  ];
  const billing: Bilingual = [
    `Pricing is subscription-based, with invoices in ${listEn(ctx.currencies)}.`,
    `采用订阅制收费，可用${listZh(ctx.currencies.map(zhCurrency))}结算。`,
  ];
  const about = [history, licenceSentence(ctx, true), products, billing];
  if (chance(rng, 0.6)) about.push(regionSentence(ctx));
  return { description: [`${intro[0]} ${reg[0]}`, `${intro[1]}${reg[1]}`], about };
}

const DATA_CENTRES: Bilingual[] = [
  ['LD4 (London)', 'LD4（伦敦）'],
  ['NY4 (New York)', 'NY4（纽约）'],
  ['TY3 (Tokyo)', 'TY3（东京）'],
  ['HK2 (Hong Kong)', 'HK2（香港）'],
  ['SG1 (Singapore)', 'SG1（新加坡）'],
];

function lpText(ctx: Ctx): { description: Bilingual; about: Bilingual[] } {
  const { rng, name, nameZh, countryEn, countryZh, founded } = ctx;
  const venues = int(rng, 6, 30);
  const platforms = proseEn(ctx.platforms);
  const platformsZh = listZh(ctx.platforms.map(zhTerm));
  const assets = listEn(ctx.assets);
  const assetsZh = listZh(ctx.assets.map(zhTerm));
  const intro = pick(rng, [
    [
      `${name} is a liquidity provider headquartered in ${countryEn}, streaming prices in ${assets} to brokers and funds via ${platforms}.`,
      `${nameZh}是一家总部位于${countryZh}的流动性提供商，通过${platformsZh}向经纪商及基金提供${assetsZh}报价。`,
    ],
    [
      `Founded in ${founded}, ${name} offers prime-of-prime liquidity and clearing to smaller brokers, aggregating pricing from ${venues} banks and venues.`,
      `${nameZh}成立于${founded}年，以PoP（Prime of Prime）模式为中小经纪商提供流动性与清算服务，聚合${venues}家银行及交易场所的报价。`,
    ],
    [
      `${name} provides institutional liquidity in ${assets} from ${countryEn}, with connectivity over ${platforms}.`,
      `${nameZh}立足${countryZh}，提供${assetsZh}机构级流动性，支持${platformsZh}接入。`,
    ],
  ] as Bilingual[]);
  const reg = regulationSentence(ctx, false);
  const dcs = shuffle(rng, DATA_CENTRES).slice(0, int(rng, 1, 2));
  const history = pick(rng, [
    [
      `${name} was established in ${founded} and hosts its pricing engines in the ${listEn(dcs.map(([e]) => e))} data centre${dcs.length > 1 ? 's' : ''}.`,
      `${nameZh}成立于${founded}年，报价引擎托管于${listZh(dcs.map(([, z]) => z))}数据中心。`,
    ],
    [`Headquartered in ${countryEn}, ${name} has provided liquidity to brokers since ${founded}.`, `${nameZh}总部位于${countryZh}，自${founded}年起为经纪商提供流动性服务。`],
  ] as Bilingual[]);
  const products: Bilingual = [
    `Connectivity is available via ${platforms}, with pricing in ${assets} and leverage of up to ${ctx.leverage ?? ''} for qualifying counterparties.`,
    `客户可通过${platformsZh}接入，报价覆盖${assetsZh}，合格交易对手最高可获${ctx.leverage ?? ''}杠杆。`,
  ];
  const margin: Bilingual = [
    `Margin can be posted in ${listEn(ctx.currencies)} by ${proseEn(ctx.methods)}.`,
    `保证金可通过${listZh(ctx.methods.map(zhTerm))}以${listZh(ctx.currencies.map(zhCurrency))}缴纳。`,
  ];
  const about = [history, licenceSentence(ctx, false), products, margin];
  if (chance(rng, 0.6)) about.push(regionSentence(ctx));
  return { description: [`${intro[0]} ${reg[0]}`, `${intro[1]}${reg[1]}`], about };
}

function payText(ctx: Ctx, spec: Specialty): { description: Bilingual; about: Bilingual[] } {
  const { rng, name, nameZh, countryEn, countryZh, founded } = ctx;
  const methods = proseEn(ctx.methods);
  const methodsZh = listZh(ctx.methods.map(zhTerm));
  const intro = pick(rng, [
    [`${name} is a payment company based in ${countryEn} that specialises in ${spec.en}.`, `${nameZh}是一家总部位于${countryZh}的支付服务商，专注于${spec.zh}。`],
    [
      `Founded in ${founded}, ${name} provides ${spec.en}, supporting ${ctx.methods.length} payment methods in ${ctx.currencies.length} currencies.`,
      `${nameZh}成立于${founded}年，提供${spec.zh}服务，支持${ctx.methods.length}种支付方式及${ctx.currencies.length}种货币。`,
    ],
    [
      `${name} helps brokers and online merchants with ${spec.en}, settling in ${listEn(ctx.currencies)}.`,
      `${nameZh}为经纪商及线上商户提供${spec.zh}服务，支持以${listZh(ctx.currencies.map(zhCurrency))}结算。`,
    ],
  ] as Bilingual[]);
  const reg = regulationSentence(ctx, false);
  const [originEn, originZh] = pick(rng, [
    ['cross-border e-commerce sellers', '跨境电商卖家'],
    ['online education platforms', '在线教育平台'],
    ['forex brokers in Asia', '亚洲外汇经纪商'],
    ['freelancers and agencies', '自由职业者与代理机构'],
  ] as Bilingual[]);
  const history = pick(rng, [
    [`${name} was founded in ${founded} and is headquartered in ${countryEn}.`, `${nameZh}成立于${founded}年，总部设在${countryZh}。`],
    [
      `Launched in ${countryEn} in ${founded}, ${name} started out serving ${originEn} before expanding into ${spec.en}.`,
      `${nameZh}于${founded}年在${countryZh}上线，最初服务于${originZh}，后拓展至${spec.zh}业务。`,
    ],
  ] as Bilingual[]);
  const products: Bilingual = [
    `Merchants integrate through ${proseEn(ctx.platforms)} and can accept ${methods}.`,
    `商户可通过${listZh(ctx.platforms.map(zhTerm))}接入，支持${methodsZh}等支付方式。`,
  ];
  const settlement: Bilingual = [
    `Settlement is available in ${listEn(ctx.currencies)}.`,
    `支持以${listZh(ctx.currencies.map(zhCurrency))}进行结算。`,
  ];
  const about = [history, licenceSentence(ctx, false), products, settlement];
  if (chance(rng, 0.6)) about.push(regionSentence(ctx));
  return { description: [`${intro[0]} ${reg[0]}`, `${intro[1]}${reg[1]}`], about };
}

// ---------------------------------------------------------------------------------------------
// Companies

/** Exactly proportional tiers (largest remainder), shuffled: the mix does not depend on luck. */
function tierPlan(rng: Rng, category: CategorySlug, n: number): Tier[] {
  const profiles = Object.entries(TIERS[category]) as [Tier, TierProfile][];
  const total = profiles.reduce((sum, [, p]) => sum + p.weight, 0);
  const shares = profiles.map(([tier, p]) => ({ tier, exact: (p.weight / total) * n, count: Math.floor((p.weight / total) * n) }));
  let left = n - shares.reduce((sum, x) => sum + x.count, 0);
  for (const x of [...shares].sort((a, b) => b.exact - b.count - (a.exact - a.count))) {
    if (left-- <= 0) break;
    x.count++;
  }
  return shuffle(rng, shares.flatMap((x) => Array.from({ length: x.count }, () => x.tier)));
}

// ---------------------------------------------------------------------------------------------
// Services, contact and account opening. Drawn from a PRNG of their own (seeded by slug) so adding
// them left every other generated field exactly as it was.

/** Calling code, a business district or city in English and Chinese. Phone numbers are invented. */
const CONTACT_PLACES: Record<string, [string, string, string]> = {
  GB: ['+44', 'London', '伦敦'], AU: ['+61', 'Sydney', '悉尼'], CY: ['+357', 'Limassol', '利马索尔'], US: ['+1', 'New York', '纽约'],
  JP: ['+81', 'Tokyo', '东京'], HK: ['+852', 'Central', '中环'], SG: ['+65', 'Singapore', '新加坡'], ZA: ['+27', 'Johannesburg', '约翰内斯堡'],
  MU: ['+230', 'Ebene', '埃本'], VU: ['+678', 'Port Vila', '维拉港'], AE: ['+971', 'Dubai', '迪拜'], DE: ['+49', 'Frankfurt', '法兰克福'],
  VC: ['+1 784', 'Kingstown', '金斯敦'], SC: ['+248', 'Victoria', '维多利亚'], BZ: ['+501', 'Belize City', '伯利兹城'],
  MY: ['+60', 'Kuala Lumpur', '吉隆坡'], TH: ['+66', 'Bangkok', '曼谷'], VN: ['+84', 'Ho Chi Minh City', '胡志明市'], ID: ['+62', 'Jakarta', '雅加达'],
  PH: ['+63', 'Makati', '马卡蒂'], IN: ['+91', 'Mumbai', '孟买'], BR: ['+55', 'São Paulo', '圣保罗'], MX: ['+52', 'Mexico City', '墨西哥城'],
  NG: ['+234', 'Lagos', '拉各斯'], KE: ['+254', 'Nairobi', '内罗毕'], NZ: ['+64', 'Auckland', '奥克兰'], CA: ['+1', 'Toronto', '多伦多'],
  CH: ['+41', 'Zurich', '苏黎世'], FR: ['+33', 'Paris', '巴黎'], IT: ['+39', 'Milan', '米兰'], ES: ['+34', 'Madrid', '马德里'],
  NL: ['+31', 'Amsterdam', '阿姆斯特丹'], IE: ['+353', 'Dublin', '都柏林'], MT: ['+356', 'Sliema', '斯利马'], TW: ['+886', 'Taipei', '台北'],
  KR: ['+82', 'Seoul', '首尔'], TR: ['+90', 'Istanbul', '伊斯坦布尔'], SA: ['+966', 'Riyadh', '利雅得'], LT: ['+370', 'Vilnius', '维尔纽斯'],
  KY: ['+1 345', 'George Town', '乔治城'], BS: ['+1 242', 'Nassau', '拿骚'],
};

/** Invented street names: English, Chinese transliteration. */
const STREETS: [string, string][] = [
  ['Harbour Street', '海港街'], ['Market Road', '市场路'], ['Exchange Avenue', '交易所大道'], ['Marina Boulevard', '滨海大道'],
  ['Commerce Street', '商业街'], ['Queensway', '金钟道'], ['Parkside Drive', '园畔路'], ['Tower Lane', '塔楼巷'],
  ['Financial Centre Road', '金融中心路'], ['Riverside Walk', '河畔大道'],
];

const SERVICE = {
  forexAccounts: { en: 'Forex trading accounts', zh: '外汇交易账户' },
  cfdTrading: { en: 'CFD trading', zh: '差价合约交易' },
  copyTrading: { en: 'Copy trading', zh: '跟单交易' },
  swapFree: { en: 'Islamic (swap-free) accounts', zh: '伊斯兰（免隔夜利息）账户' },
  demo: { en: 'Demo accounts', zh: '模拟账户' },
  pamm: { en: 'PAMM/MAM accounts', zh: 'PAMM/MAM账户' },
  vps: { en: 'Free VPS hosting', zh: '免费VPS托管' },
  ib: { en: 'Introducing broker programme', zh: '介绍经纪人（IB）计划' },
  bridge: { en: 'Liquidity bridge', zh: '流动性桥接' },
  aggregated: { en: 'Aggregated FX liquidity', zh: '聚合外汇流动性' },
  pop: { en: 'Prime-of-prime services', zh: '主经纪商（PoP）服务' },
  marketData: { en: 'Market data feeds', zh: '行情数据源' },
  colocation: { en: 'Equinix colocation', zh: 'Equinix机房托管' },
  riskTools: { en: 'Risk management tools', zh: '风险管理工具' },
  onboarding: { en: 'Integration and onboarding support', zh: '集成与上线支持' },
  support: { en: '24/5 technical support', zh: '24/5技术支持' },
  licensing: { en: 'Broker set-up and licensing consulting', zh: '经纪商筹建与牌照咨询' },
  acquiring: { en: 'Merchant acquiring', zh: '商户收单' },
  payouts: { en: 'Cross-border payouts', zh: '跨境付款' },
  multiCurrency: { en: 'Multi-currency accounts', zh: '多币种账户' },
  cards: { en: 'Card issuing', zh: '发卡服务' },
  brokerFunding: { en: 'Broker deposit and withdrawal solutions', zh: '经纪商出入金解决方案' },
  fx: { en: 'FX conversion', zh: '货币兑换' },
} satisfies Record<string, DemoText>;

const capitalize = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

function demoServices(rng: Rng, category: CategorySlug, platforms: readonly string[], spec: Specialty | undefined): DemoText[] {
  const out: DemoText[] = [];
  switch (category) {
    case 'Brokers':
      out.push(SERVICE.forexAccounts, SERVICE.cfdTrading);
      if (chance(rng, 0.6)) out.push(SERVICE.copyTrading);
      if (chance(rng, 0.3)) out.push(SERVICE.pamm);
      if (chance(rng, 0.5)) out.push(SERVICE.swapFree);
      out.push(SERVICE.demo);
      if (platforms.includes('MT4') || platforms.includes('MT5') ? chance(rng, 0.5) : false) out.push(SERVICE.vps);
      if (chance(rng, 0.5)) out.push(SERVICE.ib);
      break;
    case 'Lp':
      out.push(SERVICE.aggregated, SERVICE.bridge);
      if (chance(rng, 0.5)) out.push(SERVICE.pop);
      if (chance(rng, 0.6)) out.push(SERVICE.marketData);
      if (chance(rng, 0.4)) out.push(SERVICE.colocation);
      if (chance(rng, 0.5)) out.push(SERVICE.riskTools);
      break;
    case 'FinTech':
      if (spec) out.push({ en: capitalize(spec.en), zh: spec.zh });
      if (platforms.includes('Copy-trading engine') && !spec?.en.startsWith('copy')) out.push(SERVICE.copyTrading);
      if (chance(rng, 0.4)) out.push(SERVICE.licensing);
      out.push(SERVICE.onboarding);
      if (chance(rng, 0.6)) out.push(SERVICE.support);
      break;
    case 'Pay':
      if (spec) out.push({ en: capitalize(spec.en), zh: spec.zh });
      for (const s of [SERVICE.acquiring, SERVICE.payouts, SERVICE.multiCurrency, SERVICE.brokerFunding, SERVICE.fx, SERVICE.cards]) {
        if (out.length < 4 && chance(rng, 0.45) && !out.some((o) => o.zh === s.zh)) out.push(s);
      }
      if (out.length < 2) out.push(SERVICE.fx);
      break;
  }
  return out;
}

function demoContact(rng: Rng, slug: string, countryCode: string): DemoContact {
  const c = country(countryCode);
  const [calling, cityEn, cityZh] = CONTACT_PLACES[countryCode] ?? ['+1', c.nameEn, c.nameZh];
  const [streetEn, streetZh] = pick(rng, STREETS);
  const no = int(rng, 1, 220);
  const floor = int(rng, 2, 38);
  const digits = Array.from({ length: 8 }, () => String(int(rng, 0, 9))).join('');
  const where = cityEn === c.nameEn ? c.nameEn : `${cityEn}, ${c.nameEn}`;
  const whereZh = cityZh === c.nameZh ? c.nameZh : `${c.nameZh}${cityZh}`;
  return {
    website: `https://${slug}.example`,
    email: `support@${slug}.example`,
    phone: `${calling} ${digits.slice(0, 4)} ${digits.slice(4)}`,
    address: { en: `Floor ${floor}, ${no} ${streetEn}, ${where}`, zh: `${whereZh}${streetZh}${no}号${floor}楼` },
  };
}

function demoOpenAccountUrl(rng: Rng, category: CategorySlug, slug: string, spec: Specialty | undefined): string | null {
  const url = `https://${slug}.example/open-account`;
  if (category !== 'Pay') return url;
  // Most payment firms sign merchants up by contract; a few (broker funding, e-wallets) open accounts online.
  return spec && (spec.en.startsWith('deposit') || spec.en.startsWith('e-wallet') || spec.en.startsWith('multi-currency')) && chance(rng, 0.7) ? url : null;
}

function buildCompany(rng: Rng, category: CategorySlug, prefix: Prefix, tier: Tier): DemoCompany {
  const suffix: Suffix = weighted(
    rng,
    SUFFIX_ROWS[category].map(([en, zh, pinyin, w]) => [{ en, zh, pinyin }, w] as const),
  );
  const name = `${prefix.en} ${suffix.en}`;
  const nameZh = `${prefix.zh}${suffix.zh}`;
  const slug = slugify(name);
  const profile = TIERS[category][tier] as TierProfile;
  const countryCode = weighted(rng, profile.homes);
  const home = country(countryCode);
  const founded = int(rng, ...profile.founded);
  const licences = buildLicences(rng, category, tier, countryCode, name, founded);
  const offshore = licences.length > 0 && licences.every((l) => l.status === 'offshore');

  let platforms: string[];
  let assetTypes: string[];
  let maxLeverage: string | null = null;
  let fintechSpec: Specialty | undefined;
  let paySpec: Specialty | undefined;
  switch (category) {
    case 'Brokers':
      platforms = brokerPlatforms(rng);
      assetTypes = ordered(
        ['forex', ...subset(rng, [['metals', 0.95], ['indices', 0.85], ['energies', 0.75], ['commodities', 0.5], ['crypto CFDs', offshore ? 0.75 : 0.45], ['share CFDs', 0.55], ['ETFs', 0.2], ['bonds', 0.1]] as const)],
        TERM_ORDER,
      );
      maxLeverage = `1:${leverageCap(rng, licences)}`;
      break;
    case 'Lp':
      platforms = ordered(['FIX 4.4 API', ...subset(rng, [['MT4 bridge', 0.5], ['MT5 gateway', 0.6], ['cTrader FIX', 0.3], ['REST API', 0.4], ['WebSocket feed', 0.35]] as const)], TERM_ORDER);
      assetTypes = ordered(['forex', ...subset(rng, [['metals', 0.9], ['indices', 0.7], ['energies', 0.6], ['crypto CFDs', 0.45], ['share CFDs', 0.35]] as const)], TERM_ORDER);
      maxLeverage = pick(rng, ['1:50', '1:100', '1:100', '1:200']);
      break;
    case 'FinTech': {
      fintechSpec = pick(rng, FINTECH_SPECIALTIES);
      const extra = pick(rng, ['REST API', 'Mobile SDK', 'Web terminal', 'Client portal', 'MT4/MT5 plugins']);
      platforms = ordered([...(fintechSpec.products ?? []), ...(chance(rng, 0.5) ? [extra] : [])], TERM_ORDER);
      assetTypes = subset(rng, [['forex', 0.8], ['indices', 0.4], ['commodities', 0.3], ['equities', 0.4], ['futures', 0.3], ['crypto', 0.5]] as const);
      if (assetTypes.length === 0) assetTypes.push(fintechSpec.en.includes('crypto') ? 'crypto' : 'forex');
      if (fintechSpec.en.includes('crypto') && !assetTypes.includes('crypto')) assetTypes.push('crypto');
      assetTypes = ordered(assetTypes, TERM_ORDER);
      break;
    }
    case 'Pay':
      paySpec = pick(rng, PAY_SPECIALTIES);
      platforms = ordered(['REST API', ...subset(rng, [['Hosted checkout', 0.6], ['E-commerce plugins', 0.4], ['Mobile SDK', 0.4], ['Payouts API', 0.5], ['Merchant dashboard', 0.7]] as const)], TERM_ORDER);
      assetTypes = paySpec.en.includes('stablecoin') || chance(rng, 0.25) ? ['fiat', 'stablecoins'] : ['fiat'];
      break;
  }

  const regionCode = home.region === 'off' ? pick(rng, OFFSHORE_CLIENT_REGIONS) : home.region;
  const ctx: Ctx = {
    rng,
    name,
    nameZh,
    countryEn: WITH_ARTICLE.has(countryCode) ? `the ${home.nameEn}` : home.nameEn,
    countryZh: home.nameZh,
    founded,
    platforms,
    assets: assetTypes,
    methods: paymentMethods(rng, category, countryCode, offshore),
    currencies: currencies(rng, category, countryCode, offshore),
    leverage: maxLeverage,
    licences,
    region: REGION[regionCode],
  };
  const text =
    category === 'Brokers' ? brokerText(ctx)
    : category === 'Lp' ? lpText(ctx)
    : category === 'FinTech' ? fintechText(ctx, fintechSpec as Specialty)
    : payText(ctx, paySpec as Specialty);

  const [min, max] = profile.reviews;
  const reviewScale = category === 'Brokers' ? 1 : 0.5;
  const aliases = [
    nameZh,
    `${prefix.pinyin} ${suffix.pinyin}`,
    name.replace(/\s+/g, ''),
    ...(prefix.initials ? [`${prefix.initials}${suffix.en.charAt(0)}`] : []),
  ];

  return {
    slug,
    name,
    nameZh,
    aliases: [...new Set(aliases)],
    category,
    countryCode,
    description: { en: text.description[0], zh: text.description[1] },
    about: { en: text.about.map(([en]) => en).join(' '), zh: text.about.map(([, zh]) => zh).join('') },
    score: score(rng, profile.score),
    reviewCount: Math.max(1, Math.round(logUniform(rng, min, max) * reviewScale)),
    founded,
    regulated: licences.some((l) => l.status === 'regulated'),
    website: `https://${slug}.example`,
    brandColor: pick(rng, BRAND_COLORS),
    licences,
    maxLeverage,
    platforms,
    assetTypes,
    paymentMethods: ctx.methods,
    currencies: ctx.currencies,
    ...demoExtras(category, slug, countryCode, platforms, fintechSpec ?? paySpec),
  };
}

function demoExtras(category: CategorySlug, slug: string, countryCode: string, platforms: readonly string[], spec: Specialty | undefined): Pick<DemoCompany, 'services' | 'contact' | 'openAccountUrl'> {
  const rng = mulberry32(SEED ^ hash(`extras:${slug}`));
  return {
    services: demoServices(rng, category, platforms, spec),
    contact: demoContact(rng, slug, countryCode),
    openAccountUrl: demoOpenAccountUrl(rng, category, slug, spec),
  };
}

/**
 * The demo catalogue: 122 brokers, 46 fintech firms, 40 liquidity providers and 40 payment firms.
 * Deterministic (each category has its own seeded PRNG) and freshly built on every call, so callers
 * may mutate the result.
 */
export function demoCompanies(): DemoCompany[] {
  const out: DemoCompany[] = [];
  for (const category of CATEGORY_ORDER) {
    const rng = mulberry32(SEED ^ hash(category));
    const prefixes = shuffle(rng, PREFIXES);
    if (prefixes.length < COUNTS[category]) throw new Error(`demo seed: not enough name prefixes for ${category}`);
    const tiers = tierPlan(rng, category, COUNTS[category]);
    prefixes.slice(0, COUNTS[category]).forEach((prefix, i) => out.push(buildCompany(rng, category, prefix, tiers[i] as Tier)));
  }
  return out;
}
