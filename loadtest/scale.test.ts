import { describe, expect, it } from 'vitest';
import pg from 'pg';
import { formatScaleTable, parseScaleArgs, runScale } from './scale.ts';

const adminUrl = process.env.DATABASE_URL;

describe('npm run bench -- --scale', () => {
  it('reads its options and refuses nonsense', () => {
    const o = parseScaleArgs(['--scale', '--companies', '500', '--reviews', '0', '--keep'], { DATABASE_URL: 'postgres://x@h/db' });
    expect(o).toMatchObject({ companies: 500, reviews: 0, traders: 50_000, keep: true, adminUrl: 'postgres://x@h/db' });
    expect(() => parseScaleArgs(['--companies', 'many'], { DATABASE_URL: 'postgres://x@h/db' })).toThrow(/--companies/);
    expect(() => parseScaleArgs([], {})).toThrow(/DATABASE_URL/);
  });

  // The loader and every scenario, at a small scale, so the script cannot rot unnoticed.
  it.skipIf(!adminUrl)('loads a small catalogue, prints the latency table and drops its database', async () => {
    const lines: string[] = [];
    const opts = { adminUrl: adminUrl!, companies: 1000, reviews: 10_000, traders: 200, iterations: 3, warmup: 1, keep: false, log: (l: string) => lines.push(l) };
    const result = await runScale(opts);
    const table = formatScaleTable(result, opts);
    expect(table).toContain('1,000 companies, 10,000 reviews, 200 trader accounts');
    for (const row of ['search: English keyword, relevance', 'search: Chinese keyword, relevance', 'search: keyword (en/zh), order name', 'listing: page 1, order score', 'company detail API', 'Top Brokers (page 1-5)', 'rating recompute after a new review']) {
      expect(table).toContain(row);
    }
    expect(result.rows.every((r) => Number.isFinite(r.p50) && r.p95 >= r.p50)).toBe(true);

    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      const left = await admin.query('select 1 from pg_database where datname = $1', [result.database]);
      expect(left.rowCount).toBe(0);
    } finally {
      await admin.end();
    }
  }, 300_000);
});
