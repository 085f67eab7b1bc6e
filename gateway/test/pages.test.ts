import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyPage, CompanyReviews, ComplaintCard, Envelope, ErrorData, HomePage, PagePart, UserInfo } from '@brokerwise/api-contract';
import { startReviewStack, type ReviewStack } from './review-stack.ts';

const SALT = 'pages-test-salt';
const WHAT = 'I asked for a withdrawal of 900 USD on 3 November; it was never paid and support stopped answering.';

/** A part without the server time and a failure's request id (two answers differ only there). */
const timeless = (part: PagePart<unknown> | Envelope<unknown> | undefined) => {
  if (!part) return part;
  const { time: _time, ...rest } = part;
  if (rest.code === 1) return rest;
  const { requestId: _id, ...data } = rest.data as ErrorData;
  return { ...rest, data };
};

/** A page's data in one answer (ADR 036): each part is what its own operation answers the same caller. */
describe('GET /api/pages/*: a page in one answer', () => {
  let stack: ReviewStack;
  let admin: UserInfo;
  const call: ReviewStack['call'] = (method, p, opts) => stack.call(method, p, opts);
  /** The part `GET path` answers on its own, for the same caller. */
  const alone = async (path: string, opts: { token?: string; lang?: string } = {}) => {
    const { status, body } = await call('GET', path, opts);
    return status >= 400 ? { ...timeless(body), status } : timeless(body);
  };

  beforeAll(async () => {
    stack = await startReviewStack(SALT, { all: true });
    admin = (await call<{ userInfo: UserInfo }>('POST', '/api/user/checkIn', { body: { tab: 'login', email: stack.demoAdmin!.email, password: stack.demoAdmin!.password } })).body.data.userInfo;
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('answers the home page with what banners, the first 12 by score, categories and the 6 newest reviews answer, in either language', async () => {
    for (const lang of ['en', 'zh-cn']) {
      const page = await call<HomePage>('GET', '/api/pages/home', { lang });
      expect(page.status).toBe(200);
      expect(page.headers.get('cache-control')).toBe('no-store');
      const d = page.body.data;
      expect(timeless(d.banners)).toEqual(await alone('/api/brokers/getBannerList?page=1&limit=5', { lang }));
      expect(timeless(d.brands)).toEqual(await alone('/api/brokers/brokersList?page=1&limit=12&order=score', { lang }));
      expect(timeless(d.categories)).toEqual(await alone('/api/brokers/categories', { lang }));
      expect(timeless(d.recentReviews)).toEqual(await alone('/api/reviews/recent?limit=6', { lang }));
      expect(d.brands).toMatchObject({ code: 1, data: { list: [{ id: 'harbour-fx', name: lang === 'en' ? 'Harbour FX' : '海港外汇' }] } });
    }
  });

  it('answers a company page with its parts as each operation answers them, the follow part only for a signed-in caller', async () => {
    const page = await call<CompanyPage>('GET', '/api/pages/company?id=harbour-fx', { lang: 'zh-cn' });
    expect(page.status).toBe(200);
    const d = page.body.data;
    expect(d.company).toMatchObject({ code: 1, data: { id: 'harbour-fx', name: '海港外汇' } });
    expect(timeless(d.company)).toEqual(await alone('/api/brokers/detail?id=harbour-fx', { lang: 'zh-cn' }));
    expect(timeless(d.reviews)).toEqual(await alone('/api/reviews/list?id=harbour-fx&page=1', { lang: 'zh-cn' }));
    expect(timeless(d.licences)).toEqual(await alone('/api/brokers/licences?id=harbour-fx', { lang: 'zh-cn' }));
    expect(timeless(d.complaintFigures)).toEqual(await alone('/api/complaints/figures?id=harbour-fx', { lang: 'zh-cn' }));
    expect(timeless(d.complaints)).toEqual(await alone('/api/complaints/list?company=harbour-fx&page=1', { lang: 'zh-cn' }));
    expect(timeless(d.replies)).toEqual(await alone('/api/reviews/replies?id=harbour-fx&reviewIds=', { lang: 'zh-cn' }));
    expect(d.follow).toBeUndefined();

    const user = await stack.signUp();
    const signedIn = (await call<CompanyPage>('GET', '/api/pages/company?id=harbour-fx', { token: user.token })).body.data;
    expect(signedIn.follow).toMatchObject({ code: 1, data: { following: false } });
    expect(timeless(signedIn.follow)).toEqual(await alone('/api/brokers/follow?id=harbour-fx', { token: user.token }));
    // A stale session is "signed out" for the public parts and a refusal for the follow part, as on their own.
    const stale = (await call<CompanyPage>('GET', '/api/pages/company?id=harbour-fx', { token: 'not-a-session' })).body.data;
    expect(stale.company).toMatchObject({ code: 1 });
    expect(stale.follow).toMatchObject({ code: 402, status: 401 });
    expect(timeless(stale.follow)).toEqual(await alone('/api/brokers/follow?id=harbour-fx', { token: 'not-a-session' }));
  });

  it('shows whoever writes their change at once: their pending review, their follow, a case published a moment ago', async () => {
    const author = await stack.signUp();
    const anonymousBefore = (await call<CompanyPage>('GET', '/api/pages/company?id=harbour-fx')).body.data;
    expect(anonymousBefore.complaintFigures).toMatchObject({ code: 1 });
    const text = 'Fast withdrawals and honest spreads in my two years with them.';
    expect((await call('POST', '/api/reviews/submit', { token: author.token, body: { id: 'harbour-fx', score: 5, content: text, check: true } })).body.code).toBe(1);
    expect((await call('POST', '/api/brokers/follow', { token: author.token, body: { id: 'harbour-fx', follow: true } })).body.code).toBe(1);
    const mine = (await call<CompanyPage>('GET', '/api/pages/company?id=harbour-fx', { token: author.token })).body.data;
    expect((mine.reviews as Envelope<CompanyReviews>).data.mine).toMatchObject({ status: 'pending', content: text });
    expect(mine.follow).toMatchObject({ code: 1, data: { following: true } });
    // Nobody else sees the pending review, and the answer kept for anonymous readers never had it.
    const anonymous = (await call<CompanyPage>('GET', '/api/pages/company?id=harbour-fx')).body.data;
    expect((anonymous.reviews as Envelope<CompanyReviews>).data.mine).toBeNull();

    // A case published through the API is on the company page at once (the kept answers are forgotten on writes).
    const opened = await call<ComplaintCard>('POST', '/api/complaints/open', { token: author.token, body: { company: 'harbour-fx', category: 'withdrawal', amount: '900', currency: 'USD', content: WHAT } });
    expect(opened.body.code).toBe(1);
    expect((await call('POST', '/api/admin/complaints/decide', { token: admin.token, body: { id: opened.body.data.id, decision: 'approve' } })).body.code).toBe(1);
    const after = (await call<CompanyPage>('GET', '/api/pages/company?id=harbour-fx')).body.data;
    expect(after.complaints).toMatchObject({ code: 1, data: { total: 1, list: [{ id: opened.body.data.id }] } });
  });

  it('answers an unknown company with failed parts (each with its status), and refuses an id that is no slug', async () => {
    const page = await call<CompanyPage>('GET', '/api/pages/company?id=no-such-company', { lang: 'zh-cn' });
    expect(page.status).toBe(200);
    expect(page.body.data.company).toMatchObject({ code: 0, status: 404, data: { error: expect.any(String) } });
    expect(timeless(page.body.data.company)).toEqual({ ...timeless(await call<ErrorData>('GET', '/api/brokers/detail?id=no-such-company', { lang: 'zh-cn' }).then((r) => r.body)), status: 404 });
    expect(page.body.data.reviews).toMatchObject({ status: 404 });
    expect(page.body.data.replies).toBeUndefined();
    const bad = await call<ErrorData>('GET', '/api/pages/company?id=Bad%20Id');
    expect(bad.status).toBe(400);
    expect(bad.body.data.fields).toHaveProperty('id');
  });
});
