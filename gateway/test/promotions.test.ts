import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminPromotion, AdminPromotionDetail, AdminPromotionSaveBody, ErrorData, Page, Promotion, PromotionDetail, UserInfo } from '@brokerwise/api-contract';
import { newPromotionSlug } from '../src/routes/promotions.ts';
import { startReviewStack, type ReviewStack } from './review-stack.ts';

const SALT = 'promotions-test-salt';
const DAY = 86_400_000;
const FORBIDDEN = { en: 'You do not have permission to do this.', 'zh-cn': '您没有权限执行此操作。' };
const daysFromNow = (d: number) => new Date(Date.now() + d * DAY).toISOString();

const body = (over: Partial<AdminPromotionSaveBody> = {}): AdminPromotionSaveBody => ({
  company: 'tidewater-fx',
  titleEn: 'Cashback on every lot you trade',
  titleZh: '每手交易返现活动',
  summaryEn: 'Earn a cash rebate on every standard lot you trade this quarter.',
  summaryZh: '本季度每交易一标准手即可获得现金返还，按月结算至您的账户。',
  bodyEn: 'Trade any forex pair and receive a rebate credited monthly.\n\nRisk warning: most retail accounts lose money.',
  bodyZh: '交易任意外汇货币对即可获得返现，返现每月结算一次并直接计入交易账户余额。\n\n风险提示：大多数零售投资者账户在交易差价合约时出现亏损。',
  termsEn: 'One rebate per lot.\n\nAbuse voids the rebate.',
  termsZh: '每手返现一次。\n\n滥用将取消返现资格。',
  startsAt: daysFromNow(-1),
  endsAt: daysFromNow(30),
  ...over,
});

describe('promotions through the gateway', () => {
  let stack: ReviewStack;
  let admin: UserInfo;
  const call: ReviewStack['call'] = (method, p, opts) => stack.call(method, p, opts);
  const save = (b: AdminPromotionSaveBody, lang: 'en' | 'zh-cn' = 'en') => call<AdminPromotionDetail>('POST', '/api/admin/promotions/save', { token: admin.token, body: b, lang });
  const publicIds = async (lang: 'en' | 'zh-cn' = 'en') => (await call<Page<Promotion>>('GET', '/api/promotion/list', { lang })).body.data.list.map((p) => p.id);

  beforeAll(async () => {
    stack = await startReviewStack(SALT);
    const signed = await call<{ userInfo: UserInfo }>('POST', '/api/user/checkIn', { body: { tab: 'login', email: stack.demoAdmin!.email, password: stack.demoAdmin!.password } });
    expect(signed.body.code, signed.body.msg).toBe(1);
    admin = signed.body.data.userInfo;
    // A company with a logo and an open-account link (harbour-fx, the stack's own, has neither).
    const res = await fetch(`${stack.catalogueUrl}/v1/companies/tidewater-fx`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', ...(await stack.serviceHeaders('catalogue', { role: 'admin' })) },
      body: JSON.stringify({
        name: 'Tidewater FX', nameZh: '潮水外汇', category: 'Brokers', countryCode: 'GB', score: 4.26, reviewCount: 31, logoKey: 'logos/tidewater-fx.svg',
        description: { en: 'A broker.', zh: '一家经纪商。' }, details: { openAccountUrl: 'https://tidewater-fx.example/open-account' },
      }),
    });
    expect(res.status).toBe(200);
  });

  afterAll(async () => {
    await stack?.close();
  });

  it('publishes a promotion in both languages, labelled sponsored, with its company', async () => {
    const saved = await save(body());
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ code: 1, msg: 'The promotion has been saved.', data: { status: 'active', company: { id: 'tidewater-fx', name: 'Tidewater FX' }, createdBy: admin.id } });
    const id = saved.body.data.id;
    expect(id).toMatch(/^tidewater-fx-cashback-on-every-lot-you-trade-[a-z0-9]{4}$/);

    const en = await call<Page<Promotion>>('GET', '/api/promotion/list?page=1');
    expect(en.status).toBe(200);
    expect(en.body.data).toMatchObject({ page: 1, limit: 12, total: 1 });
    expect(en.body.data.list).toEqual([
      {
        id,
        title: 'Cashback on every lot you trade',
        summary: 'Earn a cash rebate on every standard lot you trade this quarter.',
        startsAt: expect.any(String),
        endsAt: expect.any(String),
        status: 'active',
        sponsored: true,
        company: { id: 'tidewater-fx', name: 'Tidewater FX', logo: '/media/logos/tidewater-fx.svg', score: 4.3, reviewCount: 31, openAccountUrl: 'https://tidewater-fx.example/open-account' },
        updatedAt: expect.any(String),
      },
    ]);
    const zh = await call<Page<Promotion>>('GET', '/api/promotion/list', { lang: 'zh-cn' });
    expect(zh.body).toMatchObject({ msg: '成功', data: { list: [{ id, title: '每手交易返现活动', sponsored: true, company: { name: '潮水外汇' } }] } });

    const detailEn = await call<PromotionDetail>('GET', `/api/promotion/detail?id=${id}`);
    expect(detailEn.body.data).toMatchObject({
      id,
      sponsored: true,
      status: 'active',
      body: ['Trade any forex pair and receive a rebate credited monthly.', 'Risk warning: most retail accounts lose money.'],
      terms: ['One rebate per lot.', 'Abuse voids the rebate.'],
    });
    const detailZh = await call<PromotionDetail>('GET', `/api/promotion/detail?id=${id}`, { lang: 'zh-cn' });
    expect(detailZh.body.data).toMatchObject({ title: '每手交易返现活动', company: { name: '潮水外汇' }, body: [expect.stringMatching(/^交易任意/), expect.stringMatching(/^风险提示/)] });

    for (const [lang, msg] of [['en', 'This promotion does not exist or is no longer available.'], ['zh-cn', '该推广活动不存在或已下线。']] as const) {
      const missing = await call<ErrorData>('GET', '/api/promotion/detail?id=no-such-promotion', { lang });
      expect(missing.status).toBe(404);
      expect(missing.body).toMatchObject({ code: 0, msg, data: { error: 'catalogue.promotion_not_found' } });
    }
    expect((await call<ErrorData>('GET', '/api/promotion/detail?id=Not%20A%20Slug')).status).toBe(400);
  });

  it('keeps scheduled promotions off the public site, shows ended ones as ended, and lists all to the admin', async () => {
    const scheduled = (await save(body({ titleEn: 'Scheduled contest for later', startsAt: daysFromNow(5), endsAt: null }))).body.data;
    const ended = (await save(body({ titleEn: 'Summer bonus that has ended', startsAt: daysFromNow(-30), endsAt: daysFromNow(-2) }))).body.data;
    expect([scheduled.status, ended.status]).toEqual(['scheduled', 'ended']);
    expect(await publicIds()).not.toContain(scheduled.id);
    expect(await publicIds()).not.toContain(ended.id);
    expect((await call<ErrorData>('GET', `/api/promotion/detail?id=${scheduled.id}`)).status).toBe(404);
    expect((await call<PromotionDetail>('GET', `/api/promotion/detail?id=${ended.id}`)).body.data).toMatchObject({ status: 'ended', sponsored: true });

    const list = await call<Page<AdminPromotion>>('GET', '/api/admin/promotions', { token: admin.token, lang: 'zh-cn' });
    expect(list.status).toBe(200);
    expect(list.headers.get('cache-control')).toBe('no-store');
    expect(list.body.data.limit).toBe(20);
    expect(list.body.data.list.find((p) => p.id === scheduled.id)).toMatchObject({ status: 'scheduled', company: { id: 'tidewater-fx', name: '潮水外汇' }, titleEn: 'Scheduled contest for later', titleZh: '每手交易返现活动' });
    const detail = await call<AdminPromotionDetail>('GET', `/api/admin/promotions/detail?id=${scheduled.id}`, { token: admin.token });
    expect(detail.body.data).toMatchObject({ id: scheduled.id, status: 'scheduled', bodyZh: body().bodyZh, termsEn: body().termsEn, endsAt: null });
  });

  it('refuses broken promotions field by field, in the caller\'s language', async () => {
    const bad = body({ company: 'no-such-broker', titleEn: 'Hi', summaryZh: '太短', bodyEn: 'Too short.', startsAt: daysFromNow(2), endsAt: daysFromNow(1) });
    const en = await save(bad);
    expect(en.status).toBe(400);
    expect(en.body).toMatchObject({ code: 0, msg: 'Please check the highlighted fields.', data: { error: 'catalogue.promotion_invalid' } });
    expect((en.body.data as unknown as ErrorData).fields).toEqual({
      company: 'There is no company with this id.',
      titleEn: 'The English title must be 5 to 120 characters.',
      summaryZh: 'The Chinese summary must be 20 to 300 characters.',
      bodyEn: 'The English text must be 50 to 8000 characters.',
      endsAt: 'The promotion must end after it starts.',
    });
    const zh = await save(body({ titleZh: '', startsAt: 'soon' }), 'zh-cn');
    expect(zh.body).toMatchObject({ msg: '请检查标出的输入项。', data: { fields: { titleZh: '请输入中文标题。', startsAt: '开始时间不是有效的日期时间。' } } });
    const unknown = await save(body({ id: 'no-such-promotion' }));
    expect(unknown.status).toBe(404);
    expect((await call<Page<AdminPromotion>>('GET', '/api/admin/promotions', { token: admin.token })).body.data.list.map((p) => p.id)).not.toContain('no-such-promotion');
  });

  it('refuses every admin path to a normal user (403, in both languages) and to nobody (401, code 402)', async () => {
    const user = await stack.signUp();
    const existing = (await save(body({ titleEn: 'Promotion nobody else may touch' }))).body.data;
    const paths = [
      ['GET', '/api/admin/promotions', undefined],
      ['GET', `/api/admin/promotions/detail?id=${existing.id}`, undefined],
      ['POST', '/api/admin/promotions/save', body({ titleEn: 'Created by a normal user' })],
      ['POST', '/api/admin/promotions/save', body({ id: existing.id, titleEn: 'Edited by a normal user' })],
      ['POST', '/api/admin/promotions/delete', { id: existing.id }],
    ] as const;
    for (const [method, p, b] of paths) {
      for (const lang of ['en', 'zh-cn'] as const) {
        const r = await call<ErrorData>(method, p, { token: user.token, lang, ...(b ? { body: b } : {}) });
        expect(r.status, `${method} ${p}`).toBe(403);
        expect(r.body).toMatchObject({ code: 0, msg: FORBIDDEN[lang], data: { error: 'forbidden' } });
      }
      const anon = await call<ErrorData>(method, p, b ? { body: b } : {});
      expect(anon.status, `${method} ${p} signed out`).toBe(401);
      expect(anon.body.code).toBe(402);
    }
    // Nothing changed.
    const titles = (await call<Page<AdminPromotion>>('GET', '/api/admin/promotions', { token: admin.token })).body.data.list.map((p) => p.titleEn);
    expect(titles).toContain('Promotion nobody else may touch');
    expect(titles).not.toContain('Created by a normal user');
    expect(titles).not.toContain('Edited by a normal user');
  });

  it('drops the cached public answers as soon as an admin edits or deletes', async () => {
    const created = (await save(body({ titleEn: 'Cached title, first version' }))).body.data;
    const read = () => call<PromotionDetail>('GET', `/api/promotion/detail?id=${created.id}`);
    const list = () => call<Page<Promotion>>('GET', '/api/promotion/list');
    expect((await read()).body.data.title).toBe('Cached title, first version');
    const again = await read();
    expect(again.headers.get('x-cache')).toBe('HIT');
    await list();
    expect((await list()).headers.get('x-cache')).toBe('HIT');

    const edited = await save(body({ id: created.id, titleEn: 'Cached title, second version' }));
    expect(edited.body.data).toMatchObject({ id: created.id, titleEn: 'Cached title, second version' });
    // The cache TTL is 30 s: only the flush can make these fresh now.
    const fresh = await read();
    expect(fresh.headers.get('x-cache')).toBe('MISS');
    expect(fresh.body.data.title).toBe('Cached title, second version');
    expect((await list()).body.data.list.find((p) => p.id === created.id)?.title).toBe('Cached title, second version');

    const deleted = await call<{ id: string }>('POST', '/api/admin/promotions/delete', { token: admin.token, body: { id: created.id }, lang: 'zh-cn' });
    expect(deleted.body).toMatchObject({ code: 1, msg: '推广活动已删除。', data: { id: created.id } });
    expect((await read()).status).toBe(404);
    expect(await publicIds()).not.toContain(created.id);
    expect((await call<ErrorData>('POST', '/api/admin/promotions/delete', { token: admin.token, body: { id: created.id } })).status).toBe(404);
  });
});

describe('newPromotionSlug', () => {
  it('makes a URL-safe id from the company and English title, with a random tail', () => {
    expect(newPromotionSlug('harbour-fx', 'Café Bonus: 30% off — for *everyone*!')).toMatch(/^harbour-fx-cafe-bonus-30-off-for-everyone-[a-z0-9]{4}$/);
    expect(newPromotionSlug('', '活动')).toMatch(/^promotion-[a-z0-9]{4}$/);
    const long = newPromotionSlug('some-company', 'word '.repeat(40));
    expect(long).toMatch(/^[a-z0-9][a-z0-9-]{0,80}$/);
    expect(long).not.toContain('--');
    expect(newPromotionSlug('a', 'Same title')).not.toBe(newPromotionSlug('a', 'Same title'));
  });
});
