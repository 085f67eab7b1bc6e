import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminCompany, AdminCompanyAuditEntry, AdminCompanyDetail, AdminCompanyForm, AdminCompanyMerged, CompanyCard, CompanyDetail, ErrorData, Page, UserInfo } from '@brokerwise/api-contract';
import { startReviewStack, type ReviewStack } from './review-stack.ts';

const form = (over: Partial<AdminCompanyForm> = {}): AdminCompanyForm => ({
  name: 'Lantern Capital',
  nameZh: '灯笼资本',
  category: 'Brokers',
  countryCode: 'GB',
  website: 'https://lantern.example',
  descriptionEn: 'A broker for active traders.',
  descriptionZh: '面向活跃交易者的经纪商。',
  founded: 2015,
  aliases: ['Lantern FX'],
  aboutEn: '',
  aboutZh: '',
  maxLeverage: '',
  email: '',
  phone: '',
  openAccountUrl: '',
  licences: [{ regulator: 'FCA', regulatorCountry: 'GB', licenceNo: '654321', entity: 'Lantern Capital Ltd', status: 'regulated', registerUrl: '' }],
  ...over,
});

describe('admin console: companies through the gateway', () => {
  let stack: ReviewStack;
  let admin: UserInfo;
  const call: ReviewStack['call'] = (method, p, opts) => stack.call(method, p, opts);
  const asAdmin = <T>(method: 'GET' | 'POST', p: string, body?: unknown, lang: 'en' | 'zh-cn' = 'en') => call<T>(method, p, { token: admin.token, lang, ...(body ? { body } : {}) });

  beforeAll(async () => {
    // With search: a keyword goes to the search service, whose index the catalogue's events feed.
    stack = await startReviewStack('admin-companies-test-salt', { all: true });
    const signed = await call<{ userInfo: UserInfo }>('POST', '/api/user/checkIn', { body: { tab: 'login', email: stack.demoAdmin!.email, password: stack.demoAdmin!.password } });
    expect(signed.body.code, signed.body.msg).toBe(1);
    admin = signed.body.data.userInfo;
  });

  afterAll(async () => {
    await stack?.close();
  });

  /** Search hits (ids, and the search service's total) for a keyword, as the listing's search box asks. */
  const search = async (keyword: string) => {
    const r = await call<Page<CompanyCard>>('GET', `/api/brokers/brokersList?${new URLSearchParams({ keyword, page: '1', limit: '10' })}`);
    return { ids: r.body.data.list.map((c) => c.id), total: r.body.data.total };
  };
  /** The index follows events: poll until it shows what is expected (fails after ~10 s of polls). */
  const eventually = async (what: string, check: () => Promise<boolean>) => {
    for (let i = 0; i < 200; i++) {
      if (await check()) return;
      await sleep(50);
    }
    throw new Error(`search never showed: ${what}`);
  };

  it('creates, hides and merges companies; visitors follow; every step is in the audit log', async () => {
    const created = await asAdmin<AdminCompany>('POST', '/api/admin/companies/save', { form: form() });
    expect(created.body).toMatchObject({ code: 1, msg: 'The company has been saved.', data: { id: 'lantern-capital', name: 'Lantern Capital', hidden: false } });
    const detail = await call<CompanyDetail>('GET', '/api/brokers/detail?id=lantern-capital');
    expect(detail.body.data).toMatchObject({ id: 'lantern-capital', name: 'Lantern Capital' });

    await eventually('the new company', async () => (await search('Lantern Capital')).ids.includes('lantern-capital'));
    // Edited: a new alias is searchable once the update is indexed.
    const edited = await asAdmin<AdminCompany>('POST', '/api/admin/companies/save', { id: 'lantern-capital', reason: 'Trading name', form: form({ aliases: ['Lantern FX', 'Beaconsfield Trading'] }) });
    expect(edited.body.code, edited.body.msg).toBe(1);
    await eventually('the new alias', async () => (await search('Beaconsfield')).ids.includes('lantern-capital'));

    // Founding year unknown: stays unknown (not coerced to 0 and refused).
    const dup = await asAdmin<AdminCompany>('POST', '/api/admin/companies/save', { form: form({ name: 'Lantern Markets', nameZh: '', aliases: ['Quillfeather'], founded: null }) });
    expect(dup.body.data.id, dup.body.msg).toBe('lantern-markets');
    expect((await asAdmin<AdminCompanyDetail>('GET', '/api/admin/companies/detail?id=lantern-markets')).body.data.form.founded).toBeNull();

    // Hidden: a 404 for visitors at once (the gateway drops its caches), still there for admins.
    const hidden = await asAdmin<AdminCompany>('POST', '/api/admin/companies/hide', { id: 'lantern-markets', hidden: true, reason: 'Checking its licence' });
    expect(hidden.body).toMatchObject({ code: 1, data: { hidden: true } });
    expect((await call('GET', '/api/brokers/detail?id=lantern-markets')).status).toBe(404);
    // …and gone from the search index itself (its total counts index hits, not cards).
    await eventually('the hidden company gone', async () => (await search('Quillfeather')).total === 0);
    const forAdmin = await asAdmin<AdminCompanyDetail>('GET', '/api/admin/companies/detail?id=lantern-markets');
    expect(forAdmin.body.data).toMatchObject({ company: { hidden: true }, mergedInto: null, form: { name: 'Lantern Markets' } });
    await asAdmin('POST', '/api/admin/companies/hide', { id: 'lantern-markets', hidden: false, reason: 'Licence confirmed' });
    expect((await call<CompanyDetail>('GET', '/api/brokers/detail?id=lantern-markets')).body.data.id).toBe('lantern-markets');
    await eventually('the shown company back', async () => (await search('Quillfeather')).ids.includes('lantern-markets'));

    // Merged: the old id answers with the survivor (the web page turns it into a 301).
    const merged = await asAdmin<AdminCompanyMerged>('POST', '/api/admin/companies/merge', { id: 'lantern-markets', into: 'lantern-capital', reason: 'Same firm' });
    expect(merged.body).toMatchObject({ code: 1, data: { from: { id: 'lantern-markets', merged: true }, into: { id: 'lantern-capital' } } });
    expect((await call<CompanyDetail>('GET', '/api/brokers/detail?id=lantern-markets')).body.data).toMatchObject({ id: 'lantern-capital', name: 'Lantern Capital' });
    // The duplicate's names now find the survivor.
    await eventually('the survivor under the duplicate alias', async () => {
      const hits = await search('Quillfeather');
      return hits.ids.length === 1 && hits.ids[0] === 'lantern-capital';
    });

    const audit = await asAdmin<Page<AdminCompanyAuditEntry>>('GET', '/api/admin/companies/audit?id=lantern-markets');
    expect(audit.body.data.list.map((a) => [a.action, a.reason, a.actorId])).toEqual([
      ['merge', 'Same firm', admin.id],
      ['unhide', 'Licence confirmed', admin.id],
      ['hide', 'Checking its licence', admin.id],
      ['create', '', admin.id],
    ]);
    const list = await asAdmin<Page<AdminCompany>>('GET', '/api/admin/companies?keyword=lantern', undefined, 'zh-cn');
    expect(list.body.data.list.find((c) => c.id === 'lantern-capital')?.name).toBe('灯笼资本');
  });

  it('answers field-level errors in the caller language', async () => {
    const bad = form({ name: '', website: 'lantern', licences: [{ regulator: '', regulatorCountry: 'GB', licenceNo: '1', entity: 'E', status: 'regulated', registerUrl: '' }] });
    const zh = await asAdmin<ErrorData>('POST', '/api/admin/companies/save', { form: bad }, 'zh-cn');
    expect(zh.status).toBe(400);
    expect(zh.body).toMatchObject({ code: 0, msg: '请检查标出的输入项。', data: { error: 'catalogue.company_invalid', fields: { name: '请输入英文名称。', website: '请输入以 https:// 开头的网址。', 'licences.0.regulator': '请填写此项。' } } });
    const en = await asAdmin<ErrorData>('POST', '/api/admin/companies/merge', { id: 'lantern-capital', into: 'lantern-capital', reason: '' });
    expect(en.body.data.fields).toEqual({ reason: 'Please give the reason (it is kept in the audit log).' });
  });

  it('refuses a normal user (403) and a visitor (401)', async () => {
    const user = await stack.signUp();
    const paths = [
      ['GET', '/api/admin/companies', undefined],
      ['GET', '/api/admin/companies/detail?id=lantern-capital', undefined],
      ['POST', '/api/admin/companies/save', { form: form({ name: 'Sneaky Broker' }) }],
      ['POST', '/api/admin/companies/hide', { id: 'lantern-capital', hidden: true, reason: 'x' }],
      ['POST', '/api/admin/companies/merge', { id: 'lantern-capital', into: 'harbour-fx', reason: 'x' }],
      ['GET', '/api/admin/companies/audit', undefined],
    ] as const;
    for (const [method, p, b] of paths) {
      const r = await call<ErrorData>(method, p, { token: user.token, ...(b ? { body: b } : {}) });
      expect(r.status, `${method} ${p}`).toBe(403);
      expect((await call<ErrorData>(method, p, b ? { body: b } : {})).status, `${method} ${p} signed out`).toBe(401);
    }
    expect((await call<CompanyDetail>('GET', '/api/brokers/detail?id=lantern-capital')).body.data.id).toBe('lantern-capital');
  });
});
