/**
 * `npm run open-data -- [--target URL] [--out DIR] [--publish]`: the open-data export (CC BY 4.0).
 * Reads everything through the site's public read API (/v1), so it needs nothing but the site's
 * address and works against any topology; writes CSV and JSON Lines per table, a data dictionary,
 * the licence, SHA256SUMS and manifest.json. `--publish` also stores them in the object store
 * (the services' DATA_DIR or S3_* settings) under open-data/<date>/, where /open-data lists them.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createObjectStore, parseS3Env } from '@brokerwise/storage';
import { TOP_MIN_REVIEWS, sha256, toCsv, toJsonl, type Table } from './open-data-format.ts';

const USAGE = `Usage: npm run open-data -- [--target URL] [--out DIR] [--publish]

Exports the site's published data (companies, licences, ratings with their inputs, published
reviews' stars and dates, Top Brokers) as CSV and JSON Lines with SHA-256 checksums, under CC BY 4.0.

Options:
  --target URL   the site (default http://localhost:3000)
  --out DIR      where to write (default data/open-data/<YYYY-MM-DD>)
  --publish      also store the files in the object store, as open-data/<date>/… and
                 open-data/latest.json (listed at /open-data): DATA_DIR, or S3_ENDPOINT,
                 S3_ACCESS_KEY, S3_SECRET_KEY, S3_BUCKET as the services'
  -h, --help     this text

Settings: BROKERWISE_API_KEY (required: a key from the account page /user/apikeys; the export
waits out each 429 as Retry-After says).
Check the result with: node scripts/reproduce-rankings.ts --from DIR`;

let args;
try {
  args = parseArgs({ options: { target: { type: 'string' }, out: { type: 'string' }, publish: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } } }).values;
} catch (err) {
  process.stderr.write(`open-data: ${(err as Error).message}\n\n${USAGE}\n`);
  process.exit(2);
}
if (args.help) {
  console.log(USAGE);
  process.exit(0);
}

const target = (args.target ?? 'http://localhost:3000').replace(/\/+$/, '');
const date = new Date().toISOString().slice(0, 10);
const out = path.resolve(args.out ?? path.join('data', 'open-data', date));
const key = process.env.BROKERWISE_API_KEY;
if (!key) {
  process.stderr.write(`open-data: BROKERWISE_API_KEY is required (the bulk listings need a key)\n\n${USAGE}\n`);
  process.exit(2);
}
let calls = 0;

/** One GET of the public API, waiting out rate limits. */
async function get<T>(pathAndQuery: string): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    calls++;
    const res = await fetch(`${target}${pathAndQuery}`, { headers: key ? { authorization: `Bearer ${key}` } : {} });
    if (res.status === 429 && attempt < 20) {
      await new Promise((r) => setTimeout(r, Math.max(1, Number(res.headers.get('retry-after') ?? 5)) * 1000));
      continue;
    }
    const body = (await res.json()) as T & { error?: { message: string } };
    if (!res.ok) throw new Error(`${pathAndQuery}: HTTP ${res.status} ${body.error?.message ?? ''}`);
    return body;
  }
}

/** Every item of a cursor-paged list. */
async function all<T>(listPath: string): Promise<T[]> {
  const items: T[] = [];
  let cursor: string | null = null;
  do {
    const sep = listPath.includes('?') ? '&' : '?';
    const page: { data: T[]; nextCursor: string | null } = await get(`${listPath}${sep}limit=50${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    items.push(...page.data);
    cursor = page.nextCursor;
  } while (cursor);
  return items;
}

interface Company {
  id: string;
  slug: string;
  name: { en: string; zh: string };
  category: string;
  country: string;
  rating: { score: number; reviewCount: number };
  regulated: boolean;
  founded: number | null;
  website: string | null;
  url: string;
}
interface Licence {
  regulator: string;
  regulatorCountry: string;
  licenceNo: string;
  entity: string;
  status: string;
  registerUrl: string;
}
interface Rating {
  score: number;
  displayScore: number;
  publishedReviews: number;
  distribution: number[];
  computedAt: string | null;
}
interface Review {
  id: string;
  companyId: string;
  stars: number;
  writtenAt: string;
  publishedAt: string | null;
}

// Three bulk listings, a page of 50 a call: a copy of a large catalogue stays within a key's rate.
const companies = await all<Company & { licences: Licence[]; ratingInputs: Rating }>('/v1/companies?include=licences,rating');
const slugOf = new Map(companies.map((c) => [c.id, c.slug]));
const licences = companies.flatMap((c) => c.licences.map((l) => ({ company: c.slug, ...l })));
const ratings = companies.map(({ slug, ratingInputs: r }) => ({
  company: slug,
  score: r.score,
  displayScore: r.displayScore,
  publishedReviews: r.publishedReviews,
  stars1: r.distribution[0],
  stars2: r.distribution[1],
  stars3: r.distribution[2],
  stars4: r.distribution[3],
  stars5: r.distribution[4],
  computedAt: r.computedAt,
}));
const reviews = (await all<Review>('/v1/reviews'))
  .filter((r) => slugOf.has(r.companyId))
  .map((r) => ({ id: r.id, company: slugOf.get(r.companyId), stars: r.stars, writtenAt: r.writtenAt, publishedAt: r.publishedAt }));
const top = await all<{ rank: number; company: Company }>('/v1/rankings/top-brokers');

const tables: Table[] = [
  {
    name: 'companies',
    columns: ['id', 'slug', 'nameEn', 'nameZh', 'category', 'country', 'score', 'reviewCount', 'regulated', 'founded', 'website', 'url'],
    dictionary: {
      id: 'Stable company id (UUID); never reused.',
      slug: 'Stable short name used in URLs and in the other files.',
      nameEn: 'Name in English.',
      nameZh: 'Name in Simplified Chinese.',
      category: 'Brokers, Fintech, Liquidity Providers or Payments (as on the site).',
      country: 'ISO 3166-1 alpha-2 code of the registered country.',
      score: 'Score shown on the site, 1.0–5.0, one decimal (ratings.displayScore).',
      reviewCount: 'Published reviews counted in the score.',
      regulated: 'true when the company holds at least one licence listed as regulated.',
      founded: 'Year founded, when known.',
      website: 'Official website, when known.',
      url: 'The company page on Brokerwise.',
    },
    rows: companies.map((c) => ({ id: c.id, slug: c.slug, nameEn: c.name.en, nameZh: c.name.zh, category: c.category, country: c.country, score: c.rating.score, reviewCount: c.rating.reviewCount, regulated: c.regulated, founded: c.founded, website: c.website, url: c.url })),
  },
  {
    name: 'licences',
    columns: ['company', 'regulator', 'regulatorCountry', 'licenceNo', 'entity', 'status', 'registerUrl'],
    dictionary: {
      company: 'companies.slug',
      regulator: 'The regulator, e.g. FCA.',
      regulatorCountry: "ISO 3166-1 alpha-2 code of the regulator's country.",
      licenceNo: 'Licence or registration number as the regulator publishes it.',
      entity: 'The licensed legal entity.',
      status: 'regulated, offshore, revoked or exceeded (acting beyond the licence).',
      registerUrl: "The regulator's register entry, to verify.",
    },
    rows: licences,
  },
  {
    name: 'ratings',
    columns: ['company', 'score', 'displayScore', 'publishedReviews', 'stars1', 'stars2', 'stars3', 'stars4', 'stars5', 'computedAt'],
    dictionary: {
      company: 'companies.slug',
      score: 'Full-precision score at computedAt (methodology: /about/methodology).',
      displayScore: 'score rounded half up to one decimal: what the site shows and ranks.',
      publishedReviews: 'Published reviews counted.',
      stars1: 'Published 1-star reviews (stars2…stars5 likewise).',
      stars2: 'Published 2-star reviews.',
      stars3: 'Published 3-star reviews.',
      stars4: 'Published 4-star reviews.',
      stars5: 'Published 5-star reviews.',
      computedAt: 'When the score was computed (UTC); review ages count to this instant. Empty: never computed (score 3.5).',
    },
    rows: ratings,
  },
  {
    name: 'reviews',
    columns: ['id', 'company', 'stars', 'writtenAt', 'publishedAt'],
    dictionary: {
      id: 'Stable review id.',
      company: 'companies.slug',
      stars: '1 to 5.',
      writtenAt: "When the author last wrote the review (UTC): the review's age in the score runs from here.",
      publishedAt: 'When moderation published it (UTC).',
    },
    rows: reviews,
  },
  {
    name: 'top-brokers',
    columns: ['rank', 'company', 'score', 'reviewCount'],
    dictionary: {
      rank: `Position in Top Brokers: brokers with at least ${TOP_MIN_REVIEWS} published reviews, by score, then review count, then slug.`,
      company: 'companies.slug',
      score: 'companies.score at the time of the export.',
      reviewCount: 'companies.reviewCount at the time of the export.',
    },
    rows: top.map((t) => ({ rank: t.rank, company: t.company.slug, score: t.company.rating.score, reviewCount: t.company.rating.reviewCount })),
  },
];

const LICENCE = `Brokerwise open data, ${date}
Licensed under the Creative Commons Attribution 4.0 International licence (CC BY 4.0):
https://creativecommons.org/licenses/by/4.0/
Credit "Brokerwise" with a link to the site. Reviews are summarised (stars and dates only); no
personal data is included.
`;
const dictionary = [
  `# Brokerwise open data — data dictionary (${date})`,
  '',
  `Each table is written twice with the same rows: \`<table>.csv\` (RFC 4180, UTF-8, header row) and \`<table>.jsonl\` (one JSON object per line). SHA256SUMS holds the SHA-256 of every file; manifest.json lists them with sizes and row counts. Reproduce the scores and Top Brokers with \`node scripts/reproduce-rankings.ts --from <this folder>\`.`,
  '',
  ...tables.flatMap((t) => [`## ${t.name}`, '', '| column | meaning |', '|---|---|', ...t.columns.map((c) => `| ${c} | ${t.dictionary[c] ?? ''} |`), '']),
].join('\n');

mkdirSync(out, { recursive: true });
const files = new Map<string, string>();
for (const t of tables) {
  files.set(`${t.name}.csv`, toCsv(t));
  files.set(`${t.name}.jsonl`, toJsonl(t));
}
files.set('DATA-DICTIONARY.md', dictionary);
files.set('LICENCE.txt', LICENCE);
const entries = [...files].map(([name, text]) => ({ name, bytes: Buffer.byteLength(text), sha256: sha256(text) }));
files.set('SHA256SUMS', entries.map((e) => `${e.sha256}  ${e.name}`).join('\n') + '\n');
const manifest = {
  date,
  source: target,
  licence: 'CC-BY-4.0',
  minReviewsForTopBrokers: TOP_MIN_REVIEWS,
  rows: Object.fromEntries(tables.map((t) => [t.name, t.rows.length])),
  files: entries,
};
files.set('manifest.json', `${JSON.stringify(manifest, null, 2)}\n`);
for (const [name, text] of files) writeFileSync(path.join(out, name), text);
console.log(`open-data: ${companies.length} companies, ${licences.length} licences, ${reviews.length} reviews, ${top.length} ranked, ${calls} API calls → ${out}`);

if (args.publish) {
  const objects = await createObjectStore({ dataDir: process.env.DATA_DIR ?? 'data', s3: parseS3Env(process.env) });
  const type = (name: string) => (name.endsWith('.csv') ? 'text/csv' : name.endsWith('.jsonl') ? 'application/x-ndjson' : name.endsWith('.json') ? 'application/json' : 'text/plain');
  for (const [name, text] of files) await objects.put(`open-data/${date}/${name}`, Buffer.from(text), `${type(name)}; charset=utf-8`);
  await objects.put('open-data/latest.json', Buffer.from(JSON.stringify({ ...manifest, prefix: `open-data/${date}/` })), 'application/json; charset=utf-8');
  console.log(`open-data: published as open-data/${date}/ (${objects.kind} store)`);
}
