// Logos' and banners' responsive sizes made by durable jobs (ADR 033), as media's covers and
// posters: queued with the row that shows the picture, made after the answer, made again by the
// next process when one stopped mid-job, and recorded with their real pixels, which the catalogue
// answers (and only those).
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { findImageSizeJob } from '@brokerwise/service-kit/image-sizes';
import { allVariantKeys, variantKey, type ObjectStore, type VariantSize } from '@brokerwise/storage';
import { importCompanies } from '../src/domain/import-companies.ts';
import { saveReferenceData } from '../src/domain/reference.ts';
import { queueMissingImageSizeJobs, type ImageSizeJobRow } from '../src/store/image-sizes.store.ts';
import { startCatalogueHarness, type CatalogueHarness } from './harness.ts';

const png = (width: number, height: number, r = 200) => sharp({ create: { width, height, channels: 4, background: { r, g: 120, b: 40, alpha: 1 } } }).png().toBuffer();
const jpeg = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: { r: 20, g: 60, b: 140 } } }).jpeg().toBuffer();
const present = async (objects: ObjectStore, keys: string[]) => (await Promise.all(keys.map(async (k) => ((await objects.head(k)) ? k : null)))).filter(Boolean);
const widthOf = async (objects: ObjectStore, key: string) => (await sharp((await objects.get(key))!.body).metadata()).width;

describe('logos and banners: responsive sizes by durable jobs (real SQL and bus, through HTTP)', () => {
  let h: CatalogueHarness;
  let t: CatalogueHarness['t'];
  let objects: CatalogueHarness['objects'];
  const svc = () => h.svc;
  beforeAll(async () => {
    h = await startCatalogueHarness('catimg');
    ({ t, objects } = h);
  });
  afterAll(async () => {
    await h?.close();
  });

  const call = async <T>(method: string, p: string, body?: unknown, type = 'application/json') => {
    const res = await fetch(`${h.base()}${p}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': type },
      body: body === undefined ? undefined : Buffer.isBuffer(body) ? new Uint8Array(body) : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as T };
  };
  /** A new company by slug, as an operator's import makes it (with a stored logo's key, or none). */
  const create = async (slug: string, logoKey = '') => {
    const text = `slug,name,nameZh,category,countryCode,descriptionEn,descriptionZh,score,logoKey\n${slug},${slug},${slug} 中文,Brokers,GB,A broker.,一家经纪商。,4,${logoKey}\n`;
    expect(await importCompanies(t.db, { text, format: 'csv' }, { dryRun: false, mediaUrl: (k) => `/media/${k}` })).toMatchObject({ ok: true });
    return { slug, id: (await call<{ id: string }>('GET', `/v1/companies/${slug}`)).body.id };
  };
  const uploadLogo = (slug: string, bytes: Buffer) => call<{ logoKey: string }>('POST', `/v1/admin/companies/${slug}/logo`, bytes, 'application/octet-stream');
  const detail = async (slug: string) => (await call<{ logoKey: string | null; logoSizes: VariantSize[] | null }>('GET', `/v1/companies/${slug}`)).body;
  const jobDone = (key: string) => vi.waitFor(async () => expect((await findImageSizeJob<ImageSizeJobRow>(t.db, key))?.state).toBe('done'), { timeout: 30_000, interval: 100 });

  it('a logo answers with its job queued; a process started after one stopped mid-job makes and records the sizes for every company showing it, and only those are answered', async () => {
    // The worker has not run the job yet (the process stops right after the answer).
    await svc().imageSizes.stop();
    const first = await create('kestrel-markets');
    const second = await create('kestrel-twin');
    const bytes = await png(200, 100);
    const uploaded = await uploadLogo(first.slug, bytes);
    expect(uploaded.status).toBe(200);
    const key = uploaded.body.logoKey;
    expect(key).toMatch(/^logos\/[0-9a-f]{64}\.png$/);
    // The same picture for a second company: one job, one set of files.
    expect((await uploadLogo(second.slug, bytes)).body.logoKey).toBe(key);
    expect(await findImageSizeJob<ImageSizeJobRow>(t.db, key)).toMatchObject({ kind: 'logo', state: 'queued', attempts: 0 });
    expect(await present(objects, allVariantKeys(key, 'logo'))).toEqual([]);
    // No sizes yet: none answered (the card shows the original).
    expect(await detail(first.slug)).toMatchObject({ logoKey: key, logoSizes: null });

    // It stopped mid-job: claimed on a lease that has run out, one file half written.
    await t.db.updateTable('image_variant_job').set({ state: 'running', attempts: 1, lease_until: new Date(Date.now() - 1000) }).where('key', '=', key).execute();
    await objects.put(variantKey(key, 80, 'avif'), Buffer.from('half'), 'image/avif');
    // The uploads' own announcements are out (version 2: created, then the logo) before it stops.
    await vi.waitFor(() => expect(h.events.filter((e) => e.version === 2).map((e) => e.id)).toEqual(expect.arrayContaining([first.id, second.id])), { timeout: 10_000, interval: 50 });
    const before = h.events.length;
    await h.restart();
    await jobDone(key);

    expect(await present(objects, allVariantKeys(key, 'logo'))).toHaveLength(6);
    expect(await widthOf(objects, variantKey(key, 80, 'avif'))).toBe(80);
    // Never wider than the 200 px original: the "320" is 200 px, and that is the width answered.
    expect(await widthOf(objects, variantKey(key, 320, 'webp'))).toBe(200);
    const sizes = [
      { name: 80, width: 80, height: 40 },
      { name: 160, width: 160, height: 80 },
      { name: 320, width: 200, height: 100 },
    ];
    for (const c of [first, second]) expect((await detail(c.slug)).logoSizes).toEqual(sizes);
    const listed = (await call<{ items: { slug: string; logoSizes: VariantSize[] | null }[] }>('GET', `/v1/companies?slugs=${first.slug},${second.slug}`)).body.items;
    expect(listed.map((c) => c.logoSizes)).toEqual([sizes, sizes]);
    expect((await findImageSizeJob<ImageSizeJobRow>(t.db, key))?.attempts).toBe(2);
    // Both companies are announced again (the gateway drops its cached cards).
    await vi.waitFor(() => expect(h.events.slice(before).map((e) => e.id)).toEqual(expect.arrayContaining([first.id, second.id])), { timeout: 10_000, interval: 50 });
  }, 60_000);

  it('a new logo loses the old one\'s sizes until its own are made', async () => {
    const c = await create('kestrel-three');
    const firstKey = (await uploadLogo(c.slug, await png(120, 120, 10))).body.logoKey;
    await jobDone(firstKey);
    // Recorded per size made; the gateway leaves out the 320 (the same 120 px again) from the srcset.
    expect((await detail(c.slug)).logoSizes?.map((s) => [s.name, s.width])).toEqual([[80, 80], [160, 120], [320, 120]]);
    await svc().imageSizes.stop();
    const nextKey = (await uploadLogo(c.slug, await png(400, 400, 30))).body.logoKey;
    expect(await detail(c.slug)).toMatchObject({ logoKey: nextKey, logoSizes: null });
    svc().imageSizes.start();
    await jobDone(nextKey);
    expect((await detail(c.slug)).logoSizes?.map((s) => s.width)).toEqual([80, 160, 320]);
  }, 60_000);

  it('an import naming a stored raster logo queues its sizes as an upload does; an SVG gets none', async () => {
    await objects.put('logos/imported.webp', await sharp({ create: { width: 300, height: 150, channels: 3, background: '#357' } }).webp().toBuffer(), 'image/webp');
    await objects.put('logos/imported.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'), 'image/svg+xml');
    const raster = await create('kestrel-imported', 'logos/imported.webp');
    await create('kestrel-vector', 'logos/imported.svg');
    svc().imageSizes.poke();
    await jobDone('logos/imported.webp');
    expect((await detail(raster.slug)).logoSizes?.map((s) => [s.width, s.height])).toEqual([[80, 40], [160, 80], [300, 150]]);
    expect(await findImageSizeJob(t.db, 'logos/imported.svg')).toBeUndefined();
    expect((await detail('kestrel-vector')).logoSizes).toBeNull();
  }, 60_000);

  it('banners: each language\'s picture gets its sizes, a changed picture its new ones, a vector one none', async () => {
    const en = 'banners/test-en.jpg';
    const zh = 'banners/test-zh.jpg';
    for (const k of [en, zh]) await objects.put(k, await jpeg(1200, 400), 'image/jpeg');
    const banner = { id: '3c1f6a52-6b8f-4c53-9a43-0d2f1b0b8e01', title_en: 'Check', title_zh: '核查', image_key_en: en, image_key_zh: zh, link: '/', sort: 1, active: true };
    await saveReferenceData(t.db, { banners: [banner] });
    svc().imageSizes.poke();
    for (const k of [en, zh]) await jobDone(k);
    const banners = async () => (await call<{ items: { imageSizesEn: VariantSize[] | null; imageSizesZh: VariantSize[] | null }[] }>('GET', '/v1/banners')).body.items;
    expect((await banners())[0]!.imageSizesEn?.map((s) => [s.name, s.width, s.height])).toEqual([
      [320, 320, 107],
      [640, 640, 213],
      [960, 960, 320],
      [1280, 1200, 400],
    ]);
    expect(await present(objects, allVariantKeys(zh, 'photo'))).toHaveLength(8);

    // The English picture replaced by an SVG: no sizes, no job; the Chinese one keeps its own.
    await objects.put('banners/test-en.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="400"/>'), 'image/svg+xml');
    await saveReferenceData(t.db, { banners: [{ ...banner, image_key_en: 'banners/test-en.svg' }] });
    expect((await banners())[0]).toMatchObject({ imageSizesEn: null, imageSizesZh: expect.any(Array) });
    expect(await findImageSizeJob(t.db, 'banners/test-en.svg')).toBeUndefined();
  }, 60_000);

  it('the backfill queues every raster picture without recorded sizes (stored before the jobs, or whose job gave up), and the worker records them', async () => {
    const c = await create('kestrel-four');
    const key = (await uploadLogo(c.slug, await png(90, 60, 90))).body.logoKey;
    await jobDone(key);
    // As if its job had given up.
    await t.db.updateTable('image_variant_job').set({ state: 'failed' }).where('key', '=', key).execute();
    await t.db.updateTable('company').set({ logo_sizes: null }).where('logo_key', '=', key).execute();
    await svc().imageSizes.stop();
    expect(await queueMissingImageSizeJobs(t.db, new Date())).toBe(1);
    expect(await findImageSizeJob<ImageSizeJobRow>(t.db, key)).toMatchObject({ state: 'queued', attempts: 0 });
    // Queued once: the second run finds it waiting.
    expect(await queueMissingImageSizeJobs(t.db, new Date())).toBe(0);
    svc().imageSizes.start();
    await jobDone(key);
    expect((await detail(c.slug)).logoSizes?.map((s) => s.width)).toEqual([80, 90, 90]);
    expect(await queueMissingImageSizeJobs(t.db, new Date())).toBe(0);
  }, 60_000);
});
