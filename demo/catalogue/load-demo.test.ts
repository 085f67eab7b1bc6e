import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { runNodeScript } from '@brokerwise/testing';
import type { Kysely } from '@brokerwise/sql';
import { getCompanyDetail, rankBrokers } from '../../services/catalogue/src/domain/companies.ts';
import { toDetailDto } from '../../services/catalogue/src/routes/companies/index.ts';
import type { CatalogueTables } from '../../services/catalogue/src/store/types.ts';
import { useDemoCatalogue } from './test-catalogue.ts';

const HAN = /[\u4e00-\u9fff]/;

describe('demo seed through the detail read path (real SQL)', () => {
  const demo = useDemoCatalogue();
  let db: Kysely<CatalogueTables>;
  beforeAll(() => void (db = demo.db));

  it('fills every spec detail field, in both languages, for every demo company', async () => {
    const slugs = (await db.selectFrom('company').select(['slug']).execute()).map((r) => r.slug);
    expect(slugs.length).toBeGreaterThanOrEqual(200);
    for (const slug of slugs) {
      const d = toDetailDto(await getCompanyDetail(db, slug));
      expect(d.about?.zh, slug).toMatch(HAN);
      for (const list of [d.services, d.assetTypes, d.platforms, d.paymentMethods]) {
        expect(list.length, slug).toBeGreaterThan(0);
        for (const item of list) expect(item.en && item.zh, slug).toBeTruthy();
      }
      expect(d.services.every((s) => HAN.test(s.zh)), slug).toBe(true);
      expect(d.currencies.length, slug).toBeGreaterThan(0);
      expect(d.contact).toMatchObject({ website: `https://${slug}.example`, email: `support@${slug}.example`, phone: expect.stringMatching(/^\+/) });
      expect(d.contact.address?.zh, slug).toMatch(HAN);
      for (const l of d.licences) expect(l.regulatorCountry.nameZh, `${slug} ${l.regulator}`).toMatch(HAN);
      if (d.category === 'Brokers' || d.category === 'Lp') {
        expect(d.maxLeverage, slug).toMatch(/^1:\d+$/);
        expect(d.openAccountUrl, slug).toBe(`https://${slug}.example/open-account`);
      }
    }
    // Chinese labels for terms come from the demo vocabulary, not the English word repeated.
    const broker = toDetailDto(await getCompanyDetail(db, slugs[0]!));
    expect(broker.assetTypes.find((a) => a.en === 'forex')?.zh).toBe('外汇');
  });

  it("stores every logo as the admin console's upload check would (a PNG named by its content), each with its sizes' job", async () => {
    const rows = await db.selectFrom('company').select(['slug', 'logo_key']).execute();
    // Not SVG: a browser builds a document per SVG picture and draws it on the main thread (docs/performance.md).
    for (const r of rows) expect(r.logo_key, r.slug).toMatch(/^logos\/[0-9a-f]{64}\.png$/);
    const jobs = await db.selectFrom('image_variant_job').select(['key', 'kind']).where('kind', '=', 'logo').execute();
    expect(new Set(jobs.map((j) => j.key))).toEqual(new Set(rows.map((r) => r.logo_key)));
  });

  it('ranks demo brokers with enough reviews', async () => {
    const { rows, total } = await rankBrokers(db, { page: 1, limit: 20, minReviews: 20 });
    expect(rows).toHaveLength(20);
    expect(total).toBeGreaterThan(20);
    expect(rows.every((r) => r.category_slug === 'Brokers' && r.review_count >= 20)).toBe(true);
  });
});

describe('demo logos', () => {
  it('draw their initials on a machine with no fonts (the face comes from npm)', async () => {
    // Its own process: fontconfig reads FONTCONFIG_FILE once. The configuration names no font directory.
    const dir = await mkdtemp(path.join(os.tmpdir(), 'bw-nofonts-'));
    try {
      const config = path.join(dir, 'fonts.conf');
      await writeFile(config, `<?xml version="1.0"?><fontconfig><cachedir>${dir}</cachedir></fontconfig>`);
      const code = `const { drawLogo } = await import(${JSON.stringify(new URL('./load-demo.ts', import.meta.url).href)}); process.stdout.write((await drawLogo({ name: 'Larkspur Markets', brandColor: '#1d4ed8' })).toString('base64'));`;
      const run = await runNodeScript('--input-type=module', ['-e', code], { env: { FONTCONFIG_FILE: config } });
      expect(run.code, run.stderr).toBe(0);
      const { data, info } = await sharp(Buffer.from(run.stdout, 'base64')).raw().toBuffer({ resolveWithObject: true });
      let white = 0;
      for (let i = 0; i < data.length; i += info.channels) if (data[i]! > 220 && data[i + 1]! > 220 && data[i + 2]! > 220) white++;
      // "LM" in DejaVu Sans Bold covers ≈ 10 % of the square; the empty boxes drawn through a machine without fonts 0.3 %.
      expect(white / (info.width * info.height)).toBeGreaterThan(0.06);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
