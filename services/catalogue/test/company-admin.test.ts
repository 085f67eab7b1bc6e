import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '@brokerwise/sql';
import { waitForMatch } from '@brokerwise/testing';
import { startCatalogueHarness, type Announced, type CatalogueHarness } from './harness.ts';

const ADMIN = 'admin-user-1';

/** A valid console form; `over` replaces fields. */
const form = (over: Record<string, unknown> = {}) => ({
  name: 'Northwind Markets',
  nameZh: '北风市场',
  category: 'Brokers',
  countryCode: 'GB',
  website: 'https://northwind.example',
  descriptionEn: 'A multi-asset broker.',
  descriptionZh: '一家多资产经纪商。',
  founded: 2012,
  aliases: ['NWM'],
  aboutEn: '',
  aboutZh: '',
  maxLeverage: '1:30',
  email: '',
  phone: '',
  openAccountUrl: '',
  licences: [{ regulator: 'FCA', regulatorCountry: 'GB', licenceNo: '123456', entity: 'Northwind Markets Ltd', status: 'regulated', registerUrl: 'https://register.fca.org.uk/' }],
  ...over,
});

interface AdminCompany { id: string; slug: string; name: string; aliases: string[]; regulated: boolean; hidden: boolean; merged: boolean; version: number }

describe('admin console: companies (real PostgreSQL and bus, through HTTP)', () => {
  let h: CatalogueHarness;
  let t: CatalogueHarness['t'];
  let events: Announced[];

  beforeAll(async () => {
    h = await startCatalogueHarness('catadm');
    ({ t, events } = h);
  });

  afterAll(async () => {
    await h?.close();
  });

  const call = async <T>(method: string, p: string, body?: unknown) => {
    const res = await fetch(`${h.base()}${p}`, { method, headers: body === undefined ? {} : { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
    return { status: res.status, body: (await res.json()) as T };
  };
  const create = (over: Record<string, unknown> = {}, reason = '') => call<AdminCompany>('POST', '/v1/admin/companies', { adminId: ADMIN, reason, form: form(over) });
  const announced = (type: string, id: string, version: number) =>
    waitForMatch(events, (e) => e.type === type && e.id === id && e.version === version, { attempts: 100, intervalMs: 50, message: `no ${type} v${version} for ${id}` });
  const publicList = async (keyword?: string) =>
    (await call<{ items: { slug: string }[] }>('GET', `/v1/companies?category=Brokers${keyword ? `&keyword=${encodeURIComponent(keyword)}` : ''}`)).body.items.map((c) => c.slug);

  it('creates a company under a slug from its name, audited, announced, in the public listing', async () => {
    const first = await create();
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ slug: 'northwind-markets', name: 'Northwind Markets', regulated: true, hidden: false, merged: false });
    await announced('catalogue.company.upserted', first.body.id, first.body.version);
    // Same name again: the next free slug.
    const second = await create({ founded: null });
    expect(second.body.slug).toBe('northwind-markets-2');
    expect(second.body).toMatchObject({ founded: null });
    expect(await publicList()).toEqual(expect.arrayContaining(['northwind-markets', 'northwind-markets-2']));
    // Aliases are searched by the listing's keyword too.
    expect(await publicList('nwm')).toContain('northwind-markets');

    const detail = await call<{ licences: { regulator: string; licenceNo: string }[]; maxLeverage: string }>('GET', '/v1/companies/northwind-markets');
    expect(detail.body.licences).toEqual([expect.objectContaining({ regulator: 'FCA', licenceNo: '123456' })]);
    expect(detail.body.maxLeverage).toBe('1:30');

    const audit = await call<{ items: { action: string; actorId: string; before: unknown; after: { name: string } }[] }>('GET', '/v1/admin/companies-audit?slug=northwind-markets');
    expect(audit.body.items).toEqual([expect.objectContaining({ action: 'create', actorId: ADMIN, before: null, after: expect.objectContaining({ name: 'Northwind Markets' }) })]);
  });

  it('refuses a bad form with every field code at once, and writes nothing', async () => {
    const res = await call<{ error: { code: string; fields: Record<string, string> } }>('POST', '/v1/admin/companies', {
      adminId: ADMIN,
      reason: '',
      form: form({ name: ' ', countryCode: 'ZZ', website: 'northwind', founded: 1500, licences: [{ regulator: '', regulatorCountry: 'GB', licenceNo: 'x', entity: 'e', status: 'maybe', registerUrl: '' }] }),
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('catalogue.company_invalid');
    expect(res.body.error.fields).toEqual({
      name: 'company_required',
      countryCode: 'company_country',
      website: 'company_url',
      founded: 'company_founded',
      'licences.0.regulator': 'company_required',
      'licences.0.status': 'company_licence_status',
    });
  });

  it('edits every field with before and after in the audit; the update is announced', async () => {
    const res = await call<AdminCompany>('PUT', '/v1/admin/companies/northwind-markets', {
      adminId: ADMIN,
      reason: 'Licence lapsed',
      form: form({ name: 'Northwind Markets Group', aboutEn: 'Founded in London.', aboutZh: '成立于伦敦。', licences: [{ regulator: 'FCA', regulatorCountry: 'GB', licenceNo: '123456', entity: 'Northwind Markets Ltd', status: 'revoked', registerUrl: '' }] }),
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ slug: 'northwind-markets', name: 'Northwind Markets Group', regulated: false });
    await announced('catalogue.company.upserted', res.body.id, res.body.version);
    const admin = await call<{ form: { aboutEn: string; licences: { status: string }[] } }>('GET', '/v1/admin/companies/northwind-markets');
    expect(admin.body.form.aboutEn).toBe('Founded in London.');
    expect(admin.body.form.licences[0]!.status).toBe('revoked');
    const audit = await call<{ items: { action: string; reason: string; before: { name: string }; after: { name: string } }[] }>('GET', '/v1/admin/companies-audit?slug=northwind-markets');
    expect(audit.body.items[0]).toMatchObject({ action: 'update', reason: 'Licence lapsed', before: { name: 'Northwind Markets' }, after: { name: 'Northwind Markets Group' } });
  });

  it('hides a company from visitors (listing, detail → 404) but not from admins; unhiding brings it back', async () => {
    const noReason = await call<{ error: { fields: Record<string, string> } }>('POST', '/v1/admin/companies/northwind-markets-2/hide', { adminId: ADMIN, reason: ' ', hidden: true });
    expect(noReason.status).toBe(400);
    expect(noReason.body.error.fields).toEqual({ reason: 'company_reason_required' });

    const hidden = await call<AdminCompany>('POST', '/v1/admin/companies/northwind-markets-2/hide', { adminId: ADMIN, reason: 'Clone site', hidden: true });
    expect(hidden.body.hidden).toBe(true);
    expect((await announced('catalogue.company.removed', hidden.body.id, hidden.body.version)).mergedIntoId).toBe('');
    expect(await publicList()).not.toContain('northwind-markets-2');
    expect((await call('GET', '/v1/companies/northwind-markets-2')).status).toBe(404);
    const adminList = await call<{ items: AdminCompany[] }>('GET', '/v1/admin/companies?keyword=northwind');
    expect(adminList.body.items.find((c) => c.slug === 'northwind-markets-2')?.hidden).toBe(true);

    const shown = await call<AdminCompany>('POST', '/v1/admin/companies/northwind-markets-2/hide', { adminId: ADMIN, reason: 'Checked: genuine', hidden: false });
    await announced('catalogue.company.upserted', shown.body.id, shown.body.version);
    expect(await publicList()).toContain('northwind-markets-2');
  });

  it('merges a duplicate: its slug answers with the survivor, it leaves the listing, its names become aliases', async () => {
    const dup = await create({ name: 'Northwind FX', nameZh: '北风外汇', aliases: [] });
    const self = await call<{ error: { fields: Record<string, string> } }>('POST', `/v1/admin/companies/${dup.body.slug}/merge`, { adminId: ADMIN, reason: 'Duplicate', into: dup.body.slug });
    expect(self.body.error.fields).toEqual({ into: 'company_merge_self' });

    const merged = await call<{ from: AdminCompany; into: AdminCompany }>('POST', `/v1/admin/companies/${dup.body.slug}/merge`, { adminId: ADMIN, reason: 'Duplicate', into: 'northwind-markets' });
    expect(merged.status).toBe(200);
    expect(merged.body.from.merged).toBe(true);
    expect(merged.body.into.aliases).toEqual(expect.arrayContaining(['Northwind FX', '北风外汇']));
    // Names the survivor, so the reviews service moves the duplicate's reviews there.
    expect((await announced('catalogue.company.removed', dup.body.id, merged.body.from.version)).mergedIntoId).toBe(merged.body.into.id);
    await announced('catalogue.company.upserted', merged.body.into.id, merged.body.into.version);

    const old = await call<{ id: string; slug: string }>('GET', `/v1/companies/${dup.body.slug}`);
    expect(old.status).toBe(200);
    expect(old.body).toMatchObject({ slug: 'northwind-markets', id: merged.body.into.id });
    expect(await publicList()).not.toContain(dup.body.slug);
    expect(await publicList('Northwind FX')).toContain('northwind-markets');

    const again = await call<{ error: { fields: Record<string, string> } }>('POST', `/v1/admin/companies/${dup.body.slug}/merge`, { adminId: ADMIN, reason: 'Duplicate', into: 'northwind-markets-2' });
    expect(again.body.error.fields).toEqual({ into: 'company_merge_done' });
    const audit = await call<{ items: { action: string }[] }>('GET', `/v1/admin/companies-audit?slug=${dup.body.slug}`);
    expect(audit.body.items.map((a) => a.action)).toEqual(['merge', 'create']);
  });

  it('keeps the audit append-only in the database itself', async () => {
    await expect(sql`update company_audit set reason = 'edited'`.execute(t.db)).rejects.toThrow(/append-only/);
    await expect(sql`delete from company_audit`.execute(t.db)).rejects.toThrow(/append-only/);
  });
});
