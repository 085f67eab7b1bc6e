/**
 * `node scripts/reproduce-rankings.ts --from DIR`: recomputes every company's score and the Top
 * Brokers ranking from an open-data export alone (reviews.jsonl, ratings.jsonl, companies.jsonl,
 * top-brokers.jsonl, SHA256SUMS), with the formulas of the methodology page, and says whether they
 * match what the site published. Exit 0 when everything matches, 1 when not, 2 on bad usage.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { TOP_MIN_REVIEWS, displayScore, rankBrokers, score, sha256 } from './open-data-format.ts';

const USAGE = `Usage: node scripts/reproduce-rankings.ts --from DIR [--min-reviews N]

Checks an open-data export (npm run open-data): the checksums, each company's score recomputed
from its published reviews at the rating's computedAt, and Top Brokers ranked from those scores.

Options:
  --from DIR         the export's folder
  --min-reviews N    Top Brokers' minimum of published reviews (default ${TOP_MIN_REVIEWS}, as published)
  -h, --help         this text`;

let args;
try {
  args = parseArgs({ options: { from: { type: 'string' }, 'min-reviews': { type: 'string' }, help: { type: 'boolean', short: 'h' } } }).values;
} catch (err) {
  process.stderr.write(`reproduce-rankings: ${(err as Error).message}\n\n${USAGE}\n`);
  process.exit(2);
}
if (args.help) {
  console.log(USAGE);
  process.exit(0);
}
if (!args.from) {
  process.stderr.write(`reproduce-rankings: --from is required\n\n${USAGE}\n`);
  process.exit(2);
}
const dir = args.from;
const minReviews = args['min-reviews'] !== undefined ? Number(args['min-reviews']) : TOP_MIN_REVIEWS;
const read = (name: string) => readFileSync(path.join(dir, name), 'utf8');
const rows = <T>(table: string): T[] =>
  read(`${table}.jsonl`)
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as T);

const problems: string[] = [];
for (const line of read('SHA256SUMS').split('\n').filter(Boolean)) {
  const [hash, name] = line.split(/\s+/);
  if (sha256(readFileSync(path.join(dir, name!))) !== hash) problems.push(`${name}: checksum differs`);
}

const companies = rows<{ slug: string; category: string; score: number; reviewCount: number }>('companies');
const ratings = new Map(rows<{ company: string; score: number; displayScore: number; publishedReviews: number; computedAt: string | null }>('ratings').map((r) => [r.company, r]));
const reviewsBy = new Map<string, { stars: number; writtenAt: string }[]>();
for (const r of rows<{ company: string; stars: number; writtenAt: string }>('reviews')) reviewsBy.set(r.company, [...(reviewsBy.get(r.company) ?? []), r]);

let recomputed = 0;
const mine: { slug: string; category: string; score: number; reviewCount: number }[] = [];
for (const c of companies) {
  const rating = ratings.get(c.slug);
  const reviews = reviewsBy.get(c.slug) ?? [];
  if (!rating) {
    problems.push(`${c.slug}: no rating`);
    continue;
  }
  if (rating.computedAt) {
    const full = score(reviews, rating.computedAt);
    recomputed++;
    // Bit for bit: the site sums in the same published order.
    if (full !== rating.score) problems.push(`${c.slug}: score ${full} recomputed, ${rating.score} published`);
    if (displayScore(full) !== c.score) problems.push(`${c.slug}: displayed ${displayScore(full)} recomputed, ${c.score} published`);
  }
  if (reviews.length !== rating.publishedReviews) problems.push(`${c.slug}: ${reviews.length} reviews in the export, ${rating.publishedReviews} counted`);
  mine.push({ slug: c.slug, category: c.category, score: rating.computedAt ? displayScore(score(reviews, rating.computedAt)) : c.score, reviewCount: reviews.length });
}

const published = rows<{ rank: number; company: string }>('top-brokers').map((t) => t.company);
const ranked = rankBrokers(mine, minReviews).map((c) => c.slug);
if (JSON.stringify(ranked) !== JSON.stringify(published)) problems.push(`Top Brokers differ:\n  recomputed ${ranked.join(', ')}\n  published  ${published.join(', ')}`);

console.log(`${companies.length} companies, ${recomputed} scores recomputed, Top Brokers: ${ranked.length} ranked (at least ${minReviews} reviews).`);
if (problems.length) {
  console.log(`Differences (${problems.length}):\n- ${problems.join('\n- ')}`);
  process.exit(1);
}
console.log('Everything the site published is reproduced from the export.');
