import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBus, type EventBus, destroyBus } from '@brokerwise/bus';
import { decodeEvent } from '@brokerwise/proto';
import { createTestDatabase, sql, type TestDatabase } from '@brokerwise/sql';
import { DiskStore } from '@brokerwise/storage';
import { uniqueName, waitForMatch } from '@brokerwise/testing';
import { parseCatalogueConfig } from '../src/config.ts';
import { startCatalogue } from '../src/main.ts';
import { upsertCategory, upsertCountry } from '../src/store/reference.store.ts';

const ADMIN = 'admin-user-licences';
/** A 1×1 PNG: a screenshot of the regulator's register, as far as the magic bytes go. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

const form = {
  name: 'Licence Test Markets',
  nameZh: '牌照测试市场',
  category: 'Brokers',
  countryCode: 'GB',
  website: '',
  descriptionEn: 'A broker.',
  descriptionZh: '一家经纪商。',
  founded: null,
  aliases: [],
  aboutEn: '',
  aboutZh: '',
  maxLeverage: '',
  email: '',
  phone: '',
  openAccountUrl: '',
  licences: [
    { regulator: 'FCA', regulatorCountry: 'GB', licenceNo: '123456', entity: 'Licence Test Markets Ltd', status: 'regulated', registerUrl: 'https://register.fca.org.uk/' },
    { regulator: 'CySEC', regulatorCountry: '', licenceNo: '999/20', entity: 'LTM (Cyprus) Ltd', status: 'regulated', registerUrl: '' },
  ],
};

interface History { id: string; status: string; previousStatus: string | null; effectiveOn: string; note: string; evidence: { key: string; sha256: string; contentType: string; size: number; capturedAt: string } | null; recordedAt: string }
interface Register { licences: { regulator: string; licenceNo: string; status: string; history: History[] }[] }
interface Changed { type: string; companyId: string; status: string; previousStatus: string; evidenceSha256: string; regulator: string }

describe('licence register (real PostgreSQL, bus and object store, through HTTP)', () => {
  let t: TestDatabase;
  let bus: EventBus;
  let dir: string;
  let svc: { port: number; close: () => Promise<void> };
  let base: string;
  let slug: string;
  let companyId: string;
  const events: Changed[] = [];

  beforeAll(async () => {
    t = await createTestDatabase('catalogue', process.env.DATABASE_URL);
    bus = await createBus({ natsUrl: process.env.NATS_URL, namespace: uniqueName('catlic').toLowerCase() });
    dir = await mkdtemp(path.join(os.tmpdir(), 'bw-catlic-'));
    await bus.subscribe({
      durable: 'catalogue-licence-probe',
      types: ['catalogue.licence.status_changed'],
      handler: async (m) => {
        const e = decodeEvent(m.data);
        if (e.type === 'catalogue.licence.status_changed') events.push({ type: e.type, ...e.payload });
      },
    });
    svc = await startCatalogue(parseCatalogueConfig({ PORT: '0', DEMO_SEED: 'false', LOG_LEVEL: 'silent', DATA_DIR: dir }), { bus, database: t, objects: new DiskStore({ dir }) });
    base = `http://127.0.0.1:${svc.port}`;
    await upsertCountry(t.db, { code: 'GB', name_en: 'United Kingdom', name_zh: '英国', popular: true, sort: 1 });
    await upsertCategory(t.db, { slug: 'Brokers', name_en: 'Brokers', name_zh: '外汇经纪商', sort: 1 });
    const created = await call<{ slug: string; id: string }>('POST', '/v1/admin/companies', { adminId: ADMIN, reason: '', form });
    slug = created.body.slug;
    companyId = created.body.id;
  });

  afterAll(async () => {
    await svc?.close();
    if (bus) await destroyBus(bus);
    await t?.destroy();
    await rm(dir, { recursive: true, force: true });
  });

  const call = async <T>(method: string, p: string, body?: unknown) => {
    const res = await fetch(`${base}${p}`, { method, headers: body === undefined ? {} : { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
    return { status: res.status, body: (await res.json()) as T };
  };
  const upload = async <T>(bytes: Buffer) => {
    const res = await fetch(`${base}/v1/admin/licence-evidence`, { method: 'POST', headers: { 'content-type': 'application/octet-stream' }, body: new Uint8Array(bytes) });
    return { status: res.status, body: (await res.json()) as T };
  };
  const change = (over: Record<string, unknown>) =>
    call<History & { error: { code: string; fields: Record<string, string> } }>('POST', `/v1/admin/companies/${slug}/licences/status`, {
      adminId: ADMIN,
      regulator: 'FCA',
      licenceNo: '123456',
      status: 'revoked',
      effectiveOn: '2026-11-20',
      note: 'The register lists the licence as cancelled.',
      ...over,
    });

  it('keeps evidence by content under its SHA-256 and refuses files that are not a PDF or a picture', async () => {
    const png = await upload<{ key: string; sha256: string; contentType: string; size: number }>(PNG);
    expect(png.status).toBe(200);
    const sha = createHash('sha256').update(PNG).digest('hex');
    expect(png.body).toEqual({ key: `licence-evidence/${sha}.png`, sha256: sha, contentType: 'image/png', size: PNG.length });
    const pdf = await upload<{ contentType: string }>(PDF);
    expect(pdf.body.contentType).toBe('application/pdf');
    // A script named .pdf: its bytes say what it is.
    const script = await upload<{ error: { code: string; fields: Record<string, string> } }>(Buffer.from('<script>alert(1)</script>'));
    expect(script.status).toBe(400);
    expect(script.body.error).toMatchObject({ code: 'catalogue.evidence_invalid', fields: { evidence: 'type' } });
    const empty = await upload<{ error: { fields: Record<string, string> } }>(Buffer.alloc(0));
    expect(empty.body.error.fields).toEqual({ evidence: 'required' });
  });

  it('refuses a bad change with every field code at once and writes nothing', async () => {
    const bad = await change({ status: 'dormant', effectiveOn: '2999-01-01', note: ' ', evidence: { key: 'licence-evidence/../../etc/passwd' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({
      code: 'catalogue.licence_invalid',
      fields: { status: 'licence_status', effectiveOn: 'licence_date_future', note: 'licence_note_required', evidence: 'licence_evidence_missing' },
    });
    const unknown = await change({ licenceNo: '000000' });
    expect(unknown.body.error.fields).toEqual({ licence: 'licence_unknown' });
    const register = await call<Register>('GET', `/v1/companies/${slug}/licences`);
    expect(register.body.licences.flatMap((l) => l.history)).toEqual([]);
  });

  it('revokes a licence with evidence: history, the company status, the audit and an event', async () => {
    const ev = await upload<{ key: string; sha256: string }>(PNG);
    const capturedAt = '2026-11-21T09:15:00.000Z';
    const res = await change({ evidence: { key: ev.body.key, capturedAt } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'revoked', previousStatus: null, effectiveOn: '2026-11-20', evidence: { sha256: ev.body.sha256, contentType: 'image/png', capturedAt } });

    const register = await call<Register>('GET', `/v1/companies/${slug}/licences`);
    const fca = register.body.licences.find((l) => l.regulator === 'FCA')!;
    expect(fca.status).toBe('revoked');
    expect(fca.history).toEqual([expect.objectContaining({ status: 'revoked', note: 'The register lists the licence as cancelled.', evidence: expect.objectContaining({ key: ev.body.key }) })]);
    expect(register.body.licences.find((l) => l.regulator === 'CySEC')!.history).toEqual([]);
    // The other licence is still in good standing, so the company stays regulated.
    expect((await call<{ regulated: boolean }>('GET', `/v1/companies/${slug}`)).body.regulated).toBe(true);

    const audit = await call<{ items: { action: string; reason: string; after: { licenceStatus: { status: string; evidenceSha256: string } } }[] }>('GET', `/v1/admin/companies-audit?slug=${slug}`);
    expect(audit.body.items[0]).toMatchObject({ action: 'licence_status', reason: 'The register lists the licence as cancelled.', after: { licenceStatus: { status: 'revoked', evidenceSha256: ev.body.sha256 } } });

    await waitForMatch(events, (e) => e.companyId === companyId && e.status === 'revoked', { attempts: 100, intervalMs: 50, message: 'no licence event' });
    expect(events.find((e) => e.status === 'revoked')).toMatchObject({ regulator: 'FCA', previousStatus: '', evidenceSha256: ev.body.sha256 });
  });

  it('appends later changes after the earlier ones and never rewrites them', async () => {
    const res = await change({ status: 'active', effectiveOn: '2026-11-25', note: 'Reinstated on appeal.' });
    expect(res.body).toMatchObject({ status: 'active', previousStatus: 'revoked', evidence: null });
    const cysec = await change({ regulator: 'cysec', licenceNo: '999/20', status: 'suspended', note: 'Suspended pending review.' });
    expect(cysec.status).toBe(200);
    const register = await call<Register>('GET', `/v1/companies/${slug}/licences`);
    expect(register.body.licences.map((l) => [l.regulator, l.status, l.history.map((h) => h.status)])).toEqual([
      ['FCA', 'regulated', ['revoked', 'active']],
      ['CySEC', 'suspended', ['suspended']],
    ]);
    await expect(sql`update licence_status set status = 'active'`.execute(t.db)).rejects.toThrow(/append-only/);
    await expect(sql`delete from licence_status`.execute(t.db)).rejects.toThrow(/append-only/);
  });
});
