/**
 * `npm run bench -- --scale`: search, listing, detail, Top Brokers and a rating recompute on a
 * catalogue the size of the largest review sites. Creates a PostgreSQL database (dropped at the
 * end unless --keep), applies the services' own migrations, bulk-loads companies (English and
 * Chinese names, countries, categories, licences), reviews, ratings, the search read model and
 * trader accounts in SQL (generate_series; the search documents are built by the search service's
 * own buildDocument), then starts the catalogue and search services in-process and measures their
 * HTTP APIs sequentially (one request at a time: latency, not throughput) after a warm-up.
 * Figures, not assertions; ADR 029 records a run.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { createBus, type EventBus } from '@brokerwise/bus';
import { openDatabase, runMigrations, sql, type Database, type Kysely, type MigrationSet } from '@brokerwise/sql';
import { DiskStore } from '@brokerwise/storage';
import { migrations as catalogueMigrations } from '../services/catalogue/migrations/index.ts';
import { migrations as reviewsMigrations } from '../services/reviews/migrations/index.ts';
import { migrations as searchMigrations } from '../services/search/migrations/index.ts';
import { migrations as traderMigrations } from '../services/trader-sync/migrations/index.ts';
import { parseCatalogueConfig } from '../services/catalogue/src/config.ts';
import { startCatalogue } from '../services/catalogue/src/main.ts';
import { parseSearchConfig } from '../services/search/src/config.ts';
import { startSearch } from '../services/search/src/main.ts';
import { buildDocument } from '../services/search/src/domain/company-index.ts';
import { recomputeRating } from '../services/reviews/src/domain/rating.ts';
import { insertReview, setDecision } from '../services/reviews/src/store/review.store.ts';
import type { ReviewsTables } from '../services/reviews/src/store/types.ts';

export interface ScaleOptions {
  adminUrl: string;
  companies: number;
  reviews: number;
  traders: number;
  /** Measured requests per scenario, after `warmup` unmeasured ones. */
  iterations: number;
  warmup: number;
  /** Keep the database (its name is printed) instead of dropping it. */
  keep: boolean;
  /** Measure a database kept by an earlier run (pending migrations applied, nothing loaded or dropped). */
  database?: string | undefined;
  log: (line: string) => void;
}

export interface ScaleRow {
  name: string;
  p50: number;
  p95: number;
  /** p95 target in ms, when the issue sets one. */
  target?: number | undefined;
}

export interface ScaleResult {
  database: string;
  load: { step: string; seconds: number }[];
  rows: ScaleRow[];
}

export const SCALE_USAGE = `Usage: npm run bench -- --scale [--companies 100000] [--reviews 2000000] [--traders 50000]
       [--iterations 200] [--warmup 20] [--keep | --database bw_scale_…]
  Loads a catalogue of that size into a new database at DATABASE_URL and prints p50/p95 of search,
  listing, detail, Top Brokers and a rating recompute. --keep leaves the database (for EXPLAIN);
  --database measures such a kept one again after applying pending migrations (new indexes).`;

export function parseScaleArgs(argv: string[], env: NodeJS.ProcessEnv = process.env): ScaleOptions {
  const { values } = parseArgs({
    args: argv.filter((a) => a !== '--scale'),
    options: {
      companies: { type: 'string', default: '100000' },
      reviews: { type: 'string', default: '2000000' },
      traders: { type: 'string', default: '50000' },
      iterations: { type: 'string', default: '200' },
      warmup: { type: 'string', default: '20' },
      keep: { type: 'boolean', default: false },
      database: { type: 'string' },
    },
    strict: true,
  });
  const int = (name: string, v: string, min: number) => {
    const n = Number(v);
    if (!Number.isInteger(n) || n < min) throw new Error(`--${name} must be an integer ≥ ${min}`);
    return n;
  };
  if (!env.DATABASE_URL) throw new Error('--scale needs DATABASE_URL (a PostgreSQL server it may create a database on)');
  return {
    adminUrl: env.DATABASE_URL,
    companies: int('companies', values.companies, 10),
    reviews: int('reviews', values.reviews, 0),
    traders: int('traders', values.traders, 0),
    iterations: int('iterations', values.iterations, 1),
    warmup: int('warmup', values.warmup, 0),
    keep: values.keep || values.database !== undefined,
    database: values.database,
    log: (line) => console.log(line),
  };
}

// ---------------------------------------------------------------------------------------------
// Vocabulary: names are built from three parts (40 × 20 × 15 = 12,000 stems), then a place for
// the next rounds, so a keyword matches a realistic share: "northwind" ≈ 1 in 800 companies,
// "capital" / "资本" ≈ 1 in 15.

const EN_A = ['North', 'South', 'East', 'West', 'Blue', 'Red', 'Golden', 'Silver', 'Iron', 'Crystal', 'Royal', 'Prime', 'Swift', 'Bright', 'Clear', 'Grand', 'Noble', 'Stellar', 'Summit', 'Harbor', 'Lagoon', 'Kestrel', 'Falcon', 'Eagle', 'Lark', 'Maple', 'Cedar', 'Oak', 'Pine', 'River', 'Ocean', 'Coral', 'Aurora', 'Zenith', 'Apex', 'Vertex', 'Nova', 'Orion', 'Atlas', 'Titan'];
const EN_B = ['wind', 'stone', 'bridge', 'gate', 'field', 'point', 'crest', 'wave', 'light', 'star', 'peak', 'rock', 'wood', 'brook', 'ridge', 'vale', 'port', 'haven', 'shore', 'land'];
const EN_C = ['Markets', 'Capital', 'FX', 'Trade', 'Securities', 'Pay', 'Finance', 'Investments', 'Global', 'Liquidity', 'Partners', 'Brokers', 'Group', 'Holdings', 'Exchange'];
const EN_P = ['', 'London', 'Sydney', 'Cyprus', 'Dubai', 'Asia', 'Europe', 'Africa', 'Pacific', 'Atlantic'];
const ZH_A = ['北', '南', '东', '西', '蓝', '红', '金', '银', '铁', '晶', '皇', '首', '迅', '明', '清', '大', '贵', '星', '峰', '港', '湖', '隼', '鹰', '雀', '枫', '杉', '橡', '松', '河', '海', '珊', '曙', '顶', '尖', '新', '猎', '阿', '泰', '光', '云'];
const ZH_B = ['风', '石', '桥', '门', '田', '点', '冠', '浪', '辉', '辰', '岳', '岩', '林', '溪', '岭', '谷', '港', '湾', '岸', '地'];
const ZH_C = ['市场', '资本', '外汇', '贸易', '证券', '支付', '金融', '投资', '环球', '流动', '伙伴', '经纪', '集团', '控股', '交易所'];
const ZH_P = ['', '伦敦', '悉尼', '塞浦路斯', '迪拜', '亚洲', '欧洲', '非洲', '太平洋', '大西洋'];
const COUNTRIES: [string, string, string][] = [
  ['GB', 'United Kingdom', '英国'], ['AU', 'Australia', '澳大利亚'], ['CY', 'Cyprus', '塞浦路斯'], ['US', 'United States', '美国'],
  ['HK', 'Hong Kong', '中国香港'], ['SG', 'Singapore', '新加坡'], ['AE', 'United Arab Emirates', '阿联酋'], ['JP', 'Japan', '日本'],
  ['CN', 'China', '中国'], ['DE', 'Germany', '德国'], ['FR', 'France', '法国'], ['CH', 'Switzerland', '瑞士'],
  ['SC', 'Seychelles', '塞舌尔'], ['VU', 'Vanuatu', '瓦努阿图'], ['MU', 'Mauritius', '毛里求斯'], ['ZA', 'South Africa', '南非'],
  ['NZ', 'New Zealand', '新西兰'], ['CA', 'Canada', '加拿大'], ['MT', 'Malta', '马耳他'], ['BZ', 'Belize', '伯利兹'],
];
const REGULATORS = ['FCA', 'ASIC', 'CySEC', 'NFA', 'SFC', 'MAS', 'DFSA', 'FSA', 'FSCA', 'FMA'];

const q = (s: string) => `'${s.replace(/'/g, "''")}'`;
const textArray = (items: string[]) => `array[${items.map(q).join(',')}]::text[]`;

/** pg.Client on the scale database, search_path empty: every name is schema-qualified. */
async function client(url: string): Promise<pg.Client> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  // Bulk load: no fsync wait per statement, room for index builds.
  await c.query(`set synchronous_commit = off; set maintenance_work_mem = '256MB'; set work_mem = '64MB'`);
  return c;
}

/**
 * Drops a table's plain indexes (not those backing constraints), runs the load, recreates them:
 * one sorted build per index instead of millions of index insertions.
 */
async function withIndexesDeferred(c: pg.Client, schema: string, table: string, load: () => Promise<void>): Promise<void> {
  const { rows } = await c.query<{ name: string; def: string }>(
    `select i.indexname as name, i.indexdef as def from pg_indexes i
     where i.schemaname = $1 and i.tablename = $2
       and not exists (select 1 from pg_constraint k where k.conindid = (quote_ident(i.schemaname) || '.' || quote_ident(i.indexname))::regclass)`,
    [schema, table],
  );
  for (const r of rows) await c.query(`drop index ${schema}.${r.name}`);
  await load();
  for (const r of rows) await c.query(r.def);
}

async function loadCatalogue(c: pg.Client, n: number): Promise<void> {
  await c.query(`insert into catalogue.category (slug, name_en, name_zh, sort) values
    ('Brokers', 'Brokers', '经纪商', 0), ('FinTech', 'FinTech', '金融科技', 1), ('Lp', 'Liquidity providers', '流动性提供商', 2), ('Pay', 'Payments', '支付', 3)`);
  for (const [i, [code, en, zh]] of COUNTRIES.entries()) {
    await c.query('insert into catalogue.country (code, name_en, name_zh, popular, sort) values ($1, $2, $3, $4, $5)', [code, en, zh, i < 8, i]);
  }
  const stems = EN_A.length * EN_B.length * EN_C.length;
  const countries = textArray(COUNTRIES.map((x) => x[0]));
  const countriesZh = textArray(COUNTRIES.map((x) => x[2]));
  const countriesEn = textArray(COUNTRIES.map((x) => x[1]));
  await withIndexesDeferred(c, 'catalogue', 'company', async () => {
    await c.query(`
      insert into catalogue.company (id, slug, name, name_zh, category_slug, country_code, description_en, description_zh,
        logo_key, score, review_count, founded, regulated, aliases, website, details, created_at, updated_at)
      select md5('company' || g)::uuid, slug, name, name_zh, category, country,
        name || ' is ' || case category when 'Brokers' then 'a broker' when 'FinTech' then 'a fintech company' when 'Lp' then 'a liquidity provider' else 'a payment provider' end
          || ' based in ' || (${countriesEn})[ci] || ', offering ' || (${textArray(['forex', 'metals', 'indices', 'crypto', 'shares'])})[1 + g % 5] || ' trading.',
        name_zh || '是一家位于' || (${countriesZh})[ci] || '的' || case category when 'Brokers' then '经纪商' when 'FinTech' then '金融科技公司' when 'Lp' then '流动性提供商' else '支付服务商' end
          || '，提供' || (${textArray(['外汇', '贵金属', '指数', '加密货币', '股票'])})[1 + g % 5] || '交易。',
        null, 0, 0, 1990 + g % 36, g % 3 <> 0,
        array[lower(replace(name, ' ', ''))], 'https://' || slug || '.example',
        jsonb_build_object(
          'licences', case when g % 3 = 0 then '[]'::jsonb else jsonb_build_array(jsonb_build_object(
            'regulator', (${textArray(REGULATORS)})[1 + g % ${REGULATORS.length}], 'regulatorCountry', country,
            'licenceNo', 'L' || g, 'entity', name || ' Ltd', 'status', (${textArray(['regulated', 'regulated', 'offshore', 'revoked', 'exceeded'])})[1 + g % 5],
            'registerUrl', 'https://register.example/' || g)) end,
          'maxLeverage', '1:' || (${textArray(['30', '100', '200', '500', '1000'])})[1 + g % 5],
          'platforms', jsonb_build_array(jsonb_build_object('en', 'MT5', 'zh', 'MT5')),
          'about', jsonb_build_object('en', name || ' serves traders worldwide.', 'zh', name_zh || '为全球交易者提供服务。')),
        now() - (g % 3650) * interval '1 day' - g * interval '1 second', now()
      from (
        select g, ci, category,
          (${arrJs(EN_A)})[1 + g % 40] || (${arrJs(EN_B)})[1 + (g / 40) % 20] || ' ' || (${arrJs(EN_C)})[1 + (g / 800) % 15]
            || case when (g / ${stems}) % 10 > 0 then ' ' || (${arrJs(EN_P)})[1 + (g / ${stems}) % 10] else '' end
            || case when g >= ${stems * 10} then ' ' || (g / ${stems * 10})::text else '' end as name,
          (${arrJs(ZH_A)})[1 + g % 40] || (${arrJs(ZH_B)})[1 + (g / 40) % 20] || (${arrJs(ZH_C)})[1 + (g / 800) % 15]
            || (${arrJs(ZH_P)})[1 + (g / ${stems}) % 10]
            || case when g >= ${stems * 10} then (g / ${stems * 10})::text else '' end as name_zh,
          (${countries})[ci] as country
        from (select g, 1 + (g * 7) % ${COUNTRIES.length} as ci,
                case when g % 20 < 12 then 'Brokers' when g % 20 < 15 then 'FinTech' when g % 20 < 17 then 'Lp' else 'Pay' end as category
              from generate_series(0, $1::int - 1) g) s
      ) named
      cross join lateral (select lower(replace(name, ' ', '-')) as slug) sl`, [n]);
  });
}

/** A SQL text[] literal of JS strings (inline: the statement stays one round trip). */
function arrJs(items: string[]): string {
  return textArray(items);
}

/**
 * Reviews skewed like real sites: company k (0-based, by id order) gets a share ∝ 1/√k, so the
 * largest has thousands of reviews and the tail a handful. 90 % approved, 5 % pending, 5 % rejected;
 * written over three years. One author per review (the live (company, user) pair is unique).
 */
async function loadReviews(c: pg.Client, companies: number, reviews: number): Promise<void> {
  if (reviews === 0) return;
  await c.query('select setseed(0.26)');
  await withIndexesDeferred(c, 'reviews', 'review', async () => {
    await c.query(`
      insert into reviews.review (id, company_id, user_id, username, stars, text, status, reject_reason, created_at, updated_at, moderated_at)
      select md5('review' || g)::uuid, md5('company' || floor($1::int * r1 * r1)::int)::uuid, md5('author' || g)::uuid, 'trader' || g,
        stars, (${textArray(['Withdrawals were slow.', 'Fair spreads and quick support.', 'Average execution.', 'Good platform, clear fees.', 'Excellent service, fast withdrawals.'])})[stars],
        status, case when status = 'rejected' then 'spam' end, at, at, case when status <> 'pending' then at end
      from (
        select g, random() as r1,
          (array[1, 2, 3, 3, 4, 4, 4, 5, 5, 5])[1 + floor(random() * 10)::int]::smallint as stars,
          case when g % 20 = 0 then 'pending' when g % 20 = 1 then 'rejected' else 'approved' end as status,
          now() - random() * interval '1095 days' as at
        from generate_series(1, $2::int) g
      ) s`, [companies, reviews]);
  });
  // The ratings read model, with the published formula (services/reviews/src/domain/score.ts).
  await c.query(`
    insert into reviews.company_rating (company_id, score, display_score, approved_count, d1, d2, d3, d4, d5, version, computed_at)
    select company_id, score, round(score::numeric, 1)::float8, n, d1, d2, d3, d4, d5, 1, now()
    from (
      select company_id, (7 * 3.5 + sum(w * stars)) / (7 + sum(w)) as score, count(*)::int as n,
        count(*) filter (where stars = 1)::int as d1, count(*) filter (where stars = 2)::int as d2, count(*) filter (where stars = 3)::int as d3,
        count(*) filter (where stars = 4)::int as d4, count(*) filter (where stars = 5)::int as d5
      from (select company_id, stars, power(0.5, extract(epoch from now() - updated_at) / 86400 / 182.5) as w
            from reviews.review where status = 'approved' and deleted_at is null) a
      group by company_id
    ) r`);
  // What catalogue's ratings consumer would have applied from reviews.rating.changed.
  await c.query(`update catalogue.company k set score = round(r.score::numeric, 1), review_count = r.approved_count, rating_version = r.version
    from reviews.company_rating r where r.company_id = k.id`);
}

/** The search read model, each document built by the search service's buildDocument. */
async function loadSearch(c: pg.Client): Promise<void> {
  const BATCH = 5000;
  await withIndexesDeferred(c, 'search', 'company', async () => {
    for (let offset = 0; ; offset += BATCH) {
      const { rows } = await c.query(`select * from catalogue.company order by id limit $1 offset $2`, [BATCH, offset]);
      if (rows.length === 0) break;
      const docs = rows.map((r) =>
        buildDocument({
          id: r.id, slug: r.slug, name: r.name, nameZh: r.name_zh,
          // As catalogue's publish.ts sends them: the Chinese name first among the aliases.
          aliases: [r.name_zh, ...r.aliases], category: r.category_slug, countryCode: r.country_code,
          descriptionEn: r.description_en, descriptionZh: r.description_zh, score: Number(r.score), regulated: r.regulated,
          founded: r.founded, logoUrl: '', version: Number(r.version), updatedAt: r.updated_at,
        }),
      );
      const col = <K extends keyof (typeof docs)[number]>(k: K) => docs.map((d) => d[k]);
      // Same expressions as the store's upsertDocument, over arrays (one statement per batch).
      await c.query(
        `insert into search.company (id, slug, name, name_zh, aliases, category, country_code, description_en, description_zh, score,
           regulated, founded, logo_url, version, updated_at, name_latin, aliases_latin, search_latin, search_zh, search_doc)
         select id, slug, name, name_zh, string_to_array(aliases, chr(31)), category, country_code, description_en, description_zh, score,
           regulated, founded, logo_url, version, updated_at, public.unaccent(name_latin),
           coalesce((select array_agg(public.unaccent(a)) from unnest(string_to_array(nullif(aliases_latin, ''), chr(31))) a), '{}'),
           public.unaccent(search_latin), search_zh,
           setweight(to_tsvector('simple', public.unaccent(tsv_names)), 'A')
             || setweight(to_tsvector('simple', public.unaccent(tsv_aliases)), 'B')
             || setweight(to_tsvector('simple', public.unaccent(tsv_description)), 'D')
         from unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::numeric[],
           $11::bool[], $12::int[], $13::text[], $14::bigint[], $15::timestamptz[], $16::text[], $17::text[], $18::text[], $19::text[],
           $20::text[], $21::text[], $22::text[])
           as t(id, slug, name, name_zh, aliases, category, country_code, description_en, description_zh, score, regulated, founded, logo_url,
             version, updated_at, name_latin, aliases_latin, search_latin, search_zh, tsv_names, tsv_aliases, tsv_description)`,
        [
          col('id'), col('slug'), col('name'), col('name_zh'), docs.map((d) => d.aliases.join('\u001f')), col('category'), col('country_code'),
          col('description_en'), col('description_zh'), col('score'), col('regulated'), col('founded'), col('logo_url'), col('version'),
          col('updated_at'), col('name_latin'), docs.map((d) => d.aliases_latin.join('\u001f')), col('search_latin'), col('search_zh'),
          col('tsvNames'), col('tsvAliases'), col('tsvDescription'),
        ],
      );
    }
  });
}

/** Trader accounts (trader-sync): bound, synced, three in four ranked, on the servers of the first brokers. */
async function loadTraders(c: pg.Client, traders: number): Promise<void> {
  if (traders === 0) return;
  await c.query(`insert into trader.broker_server (id, name, company_id, broker_name, kind, origin, created_at)
    select md5('server' || g)::uuid, k.name || '-' || (case when g % 2 = 0 then 'Live' else 'Demo' end), k.id, k.name,
      case when g % 2 = 0 then 'live' else 'demo' end, 'admin', now()
    from (select g, md5('company' || (g / 2))::uuid as cid from generate_series(0, 199) g) s join catalogue.company k on k.id = s.cid`);
  await withIndexesDeferred(c, 'trader', 'account', async () => {
    await c.query(`
      insert into trader.account (id, user_id, username, server_id, server, company_id, broker_name, account_number, nickname, description,
        strategy_type, visibility, source, status, bound_at, sync_state, last_success_at, next_sync_at, currency, leverage, balance, equity, live,
        gain_pct, max_drawdown_pct, trades, track_days, score, ranked)
      select md5('account' || g)::uuid, md5('trader' || g)::uuid, 'trader' || g, s.id, s.name, s.company_id, s.broker_name, (1000000 + g)::text,
        'Trader ' || g, '', case when g % 4 = 0 then 'mixed' else 'manual' end, 'public', 'bridge', 'active',
        now() - (g % 700) * interval '1 day', 'ok', now(), now() + (g % 3600) * interval '1 second', 'USD', 100,
        10000 + g % 5000, 10000 + g % 7000, s.kind = 'live',
        (g % 400) - 100, g % 60, g % 900, g % 700, ((g * 7919) % 10000) / 100.0, g % 4 <> 0
      from generate_series(1, $1::int) g
      join (select id, name, company_id, broker_name, kind, row_number() over (order by id) - 1 as i from trader.broker_server) s
        on s.i = g % (select count(*) from trader.broker_server)`, [traders]);
  });
}

// ---------------------------------------------------------------------------------------------
// Measuring

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** Runs `once` warm-up + iterations times, one at a time; p50/p95 of the measured runs in ms. */
async function time(name: string, opts: ScaleOptions, once: (i: number) => Promise<void>, target?: number): Promise<ScaleRow> {
  for (let i = 0; i < opts.warmup; i++) await once(i);
  const ms: number[] = [];
  for (let i = 0; i < opts.iterations; i++) {
    const started = performance.now();
    await once(opts.warmup + i);
    ms.push(performance.now() - started);
  }
  ms.sort((a, b) => a - b);
  return { name, p50: percentile(ms, 50), p95: percentile(ms, 95), target };
}

async function getJson(url: string): Promise<unknown> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`${url} answered ${res.status}: ${await res.text()}`);
  return res.json();
}

export function formatScaleTable(result: ScaleResult, opts: Pick<ScaleOptions, 'companies' | 'reviews' | 'traders' | 'iterations' | 'warmup'>): string {
  const lines = [
    '',
    `Scale: ${opts.companies.toLocaleString('en')} companies, ${opts.reviews.toLocaleString('en')} reviews, ${opts.traders.toLocaleString('en')} trader accounts; ` +
      `${opts.iterations} sequential requests per row after ${opts.warmup} warm-up, ${new Date().toISOString()}`,
    `load: ${result.load.map((l) => `${l.step} ${l.seconds.toFixed(1)} s`).join(', ')}`,
    '',
    `${'scenario'.padEnd(58)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'target'.padStart(8)}`,
  ];
  for (const r of result.rows) {
    const verdict = r.target === undefined ? '' : r.p95 <= r.target ? `≤ ${r.target}` : `> ${r.target} !`;
    lines.push(`${r.name.padEnd(58)} ${r.p50.toFixed(1).padStart(8)} ${r.p95.toFixed(1).padStart(8)} ${verdict.padStart(8)}`);
  }
  return lines.join('\n');
}

const SEARCH_TARGET = 50;
const PAGE_TARGET = 30;

export async function runScale(opts: ScaleOptions): Promise<ScaleResult> {
  if (opts.database !== undefined && !/^bw_scale_[a-z0-9]+$/.test(opts.database)) throw new Error('--database takes the name a --keep run printed (bw_scale_…)');
  const name = opts.database ?? `bw_scale_${Date.now().toString(36)}`;
  const url = new URL(opts.adminUrl);
  url.pathname = `/${name}`;
  if (!opts.database) {
    const admin = new pg.Client({ connectionString: opts.adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
  }

  const load: ScaleResult['load'] = [];
  const step = async (label: string, fn: () => Promise<void>) => {
    const started = performance.now();
    await fn();
    load.push({ step: label, seconds: (performance.now() - started) / 1000 });
    opts.log(`scale: ${label} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  };

  const databases: Database[] = [];
  const closers: (() => Promise<void>)[] = [];
  let dir: string | undefined;
  let bus: EventBus | undefined;
  try {
    const open = async (schema: string, set: MigrationSet) => {
      const d = await openDatabase({ schema, url: url.toString(), maxConnections: 4 });
      databases.push(d);
      await runMigrations(d, set);
      return d;
    };
    let catalogueDb!: Database;
    let searchDb!: Database;
    let reviewsDb!: Database;
    await step('migrations', async () => {
      catalogueDb = await open('catalogue', catalogueMigrations);
      reviewsDb = await open('reviews', reviewsMigrations);
      searchDb = await open('search', searchMigrations);
      await open('trader', traderMigrations);
    });
    const c = await client(url.toString());
    try {
      if (opts.database) {
        await step('analyze', async () => void (await c.query('vacuum analyze')));
      } else {
      await step(`${opts.companies.toLocaleString('en')} companies`, () => loadCatalogue(c, opts.companies));
      await step(`${opts.reviews.toLocaleString('en')} reviews + ratings`, () => loadReviews(c, opts.companies, opts.reviews));
      await step('search index', () => loadSearch(c));
      await step(`${opts.traders.toLocaleString('en')} trader accounts`, () => loadTraders(c, opts.traders));
      await step('analyze', async () => void (await c.query('vacuum analyze')));
      }
    } finally {
      await c.end();
    }

    // The services, in-process, on the loaded database (an in-memory bus: nothing is published).
    dir = await mkdtemp(path.join(os.tmpdir(), 'bw-scale-'));
    bus = await createBus({});
    const common = { PORT: '0', LOG_LEVEL: 'silent', DATA_DIR: dir, MIGRATE_ON_START: 'false' };
    const catalogue = await startCatalogue(parseCatalogueConfig({ ...common, DEMO_SEED: 'false' }), { bus, database: catalogueDb, objects: new DiskStore({ dir }) });
    closers.push(() => catalogue.close());
    const search = await startSearch(parseSearchConfig(common), { bus, database: searchDb });
    closers.push(() => search.close());
    const cat = `http://127.0.0.1:${catalogue.port}`;
    const srch = `http://127.0.0.1:${search.port}`;

    // Picks that vary per request, deterministically.
    const slugs = (await sql<{ slug: string }>`select slug from company order by md5(slug) limit 500`.execute(catalogueDb.db)).rows.map((r) => r.slug);
    const pick = <T>(items: readonly T[], i: number) => items[(i * 7919) % items.length]!;
    const enWords = ['northwind', 'capital', 'golden star', 'kestrel point markets', 'pay', 'orionbridge', 'securities london'];
    const enTypos = ['nortwind', 'kestral', 'goldn star', 'orionbrige'];
    const zhWords = ['北风', '资本', '金星', '隼点市场', '伦敦', '证券'];
    const countries = COUNTRIES.map((x) => x[0]);
    const s = (params: Record<string, string | number>) => `${srch}/v1/search?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]))}`;
    const l = (params: Record<string, string | number>) => `${cat}/v1/companies?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]))}`;
    const rows: ScaleRow[] = [];
    const run = async (label: string, urlOf: (i: number) => string, target?: number) => {
      rows.push(await time(label, opts, async (i) => void (await getJson(urlOf(i))), target));
      opts.log(`scale: measured ${label}`);
    };

    await run('search: English keyword, relevance', (i) => s({ q: pick(enWords, i), limit: 20 }), SEARCH_TARGET);
    await run('search: English typo, relevance', (i) => s({ q: pick(enTypos, i), limit: 20 }), SEARCH_TARGET);
    await run('search: Chinese keyword, relevance', (i) => s({ q: pick(zhWords, i), limit: 20 }), SEARCH_TARGET);
    for (const order of ['score', 'newest', 'name'] as const) {
      await run(`search: keyword (en/zh), order ${order}`, (i) => s({ q: pick([...enWords, ...zhWords], i), order, limit: 20 }), SEARCH_TARGET);
    }
    // A word in a quarter of all names and descriptions: every match is ranked and counted.
    await run('search: broad word (forex / 外汇, ~25% of companies)', (i) => s({ q: pick(['forex', '外汇'], i), limit: 20 }));
    await run('search: keyword + category, country, rating, licence', (i) =>
      s({ q: pick([...enWords, ...zhWords], i), category: 'Brokers', country: pick(countries, i), minScore: 3, regulated: 'true', limit: 20 }), SEARCH_TARGET);
    await run('search: filters only, order score', (i) => s({ category: pick(['Brokers', 'FinTech', 'Lp', 'Pay'], i), country: pick(countries, i), limit: 20 }), SEARCH_TARGET);

    await run('listing: page 1, order score', (i) => l({ page: 1 + (i % 3), limit: 20 }), PAGE_TARGET);
    for (const order of ['reviews', 'newest', 'name'] as const) {
      await run(`listing: order ${order}`, (i) => l({ page: 1 + (i % 3), limit: 20, order }), PAGE_TARGET);
    }
    await run('listing: category + rating + country + licence', (i) =>
      l({ page: 1, limit: 20, category: pick(['Brokers', 'FinTech', 'Lp', 'Pay'], i), minScore: 1 + (i % 4), country: pick(countries, i), regulated: 'true' }), PAGE_TARGET);
    await run('listing: page 50 (offset 980)', () => l({ page: 50, limit: 20 }), PAGE_TARGET);
    await run('company detail API', (i) => `${cat}/v1/companies/${pick(slugs, i)}`, PAGE_TARGET);
    await run('Top Brokers (page 1-5)', (i) => `${cat}/v1/top?page=${1 + (i % 5)}&limit=20`, PAGE_TARGET);

    // A new review approved on the busiest company and on a typical one, then its rating recomputed
    // (what the reviews service does in the moderation transaction).
    const db = reviewsDb.db as Kysely<ReviewsTables>;
    const busiest = (await sql<{ id: string; n: number }>`select company_id as id, approved_count as n from company_rating order by approved_count desc limit 1`.execute(db)).rows[0];
    const median = (await sql<{ id: string; n: number }>`select company_id as id, approved_count as n from company_rating order by approved_count limit 1 offset (select count(*) / 2 from company_rating)`.execute(db)).rows[0];
    for (const target of [busiest, median]) {
      if (!target) continue;
      const label = `rating recompute after a new review (${target.n.toLocaleString('en')} reviews)`;
      rows.push(
        await time(label, opts, async (i) => {
          await db.transaction().execute(async (trx) => {
            const now = new Date();
            const review = await insertReview(trx, { id: randomUUID(), companyId: target.id, userId: randomUUID(), username: `bench${i}`, stars: 1 + (i % 5), text: 'Scale bench review.', now });
            await setDecision(trx, review.id, { status: 'approved', rejectReason: null, moderatorId: randomUUID(), now });
            await recomputeRating(trx, target.id, () => now);
          });
        }),
      );
      opts.log(`scale: measured ${label}`);
    }
    return { database: name, load, rows };
  } finally {
    for (const close of closers.reverse()) await close().catch(() => {});
    if (bus) await bus.close().catch(() => {});
    for (const d of databases) await d.close().catch(() => {});
    if (dir) await rm(dir, { recursive: true, force: true });
    if (opts.keep) {
      opts.log(`scale: kept database ${name} (${url.toString()})`);
    } else {
      const a = new pg.Client({ connectionString: opts.adminUrl });
      await a.connect();
      await a.query(`drop database if exists ${name} with (force)`);
      await a.end();
    }
  }
}

/** The `--scale` entry of `npm run bench`. */
export async function main(argv: string[]): Promise<void> {
  const opts = parseScaleArgs(argv);
  const result = await runScale(opts);
  console.log(formatScaleTable(result, opts));
}
