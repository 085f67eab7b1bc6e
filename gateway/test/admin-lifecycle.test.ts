import { setTimeout as sleep } from 'node:timers/promises';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminCompany, AdminCompanyDetail, AdminCompanyForm, AdminUserDetail, AdminUserRow, CompanyReviews, CompanyDetail, ErrorData, MergedAuditEntry, MergedAuditPage, UserInfo } from '@brokerwise/api-contract';
import { startReviewStack, type ReviewStack } from './review-stack.ts';

const form = (name: string): AdminCompanyForm => ({
  name,
  nameZh: '',
  category: 'Brokers',
  countryCode: 'GB',
  website: 'https://example.com',
  descriptionEn: 'A broker for active traders.',
  descriptionZh: '面向活跃交易者的经纪商。',
  founded: 2015,
  aliases: [],
  aboutEn: '',
  aboutZh: '',
  maxLeverage: '',
  email: '',
  phone: '',
  openAccountUrl: '',
  licences: [],
});

/** A 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

/** A multipart body with one file part `file`, as a browser's FormData sends it. */
async function multipart(bytes: Buffer, name: string): Promise<{ raw: Buffer; contentType: string }> {
  const fd = new FormData();
  fd.append('file', new Blob([new Uint8Array(bytes)]), name);
  const req = new Request('http://localhost/', { method: 'POST', body: fd });
  return { raw: Buffer.from(await req.arrayBuffer()), contentType: req.headers.get('content-type')! };
}


/** The admin console's account deletion and company merges, through the gateway with every service on real events. */
describe('admin console: deleting accounts and merging companies carry the users’ reviews along', () => {
  let stack: ReviewStack;
  let admin: UserInfo;
  const call: ReviewStack['call'] = (method, p, opts) => stack.call(method, p, opts);
  const asAdmin = <T>(method: 'GET' | 'POST', p: string, body?: unknown, lang: 'en' | 'zh-cn' = 'en') => call<T>(method, p, { token: admin.token, lang, ...(body ? { body } : {}) });
  const eventually = async (what: string, check: () => Promise<boolean>) => {
    for (let i = 0; i < 300; i++) {
      if (await check()) return;
      await sleep(50);
    }
    throw new Error(`never happened: ${what}`);
  };
  /** A published review of `company` by a new user (approved by the admin). */
  const publishedReview = async (company: string, score = 4) => {
    const u = await stack.signUp();
    const r = await call<ErrorData>('POST', '/api/reviews/submit', { token: u.token, body: { id: company, score, content: 'Withdrawals arrived within a day every time.', check: true } });
    expect(r.body.code, r.body.msg).toBe(1);
    const mine = await call<CompanyReviews>('GET', `/api/reviews/list?id=${company}&page=1`, { token: u.token });
    const id = mine.body.data.mine!.id;
    const d = await asAdmin<unknown>('POST', '/api/admin/reviews/decide', { reviewId: id, decision: 'approve' });
    expect(d.body.code, d.body.msg).toBe(1);
    return { user: u, reviewId: id };
  };
  const reviewsOf = async (company: string) => (await asAdmin<CompanyReviews>('GET', `/api/reviews/list?id=${company}&page=1`)).body.data;

  beforeAll(async () => {
    stack = await startReviewStack('admin-lifecycle-test-salt');
    const signed = await call<{ userInfo: UserInfo }>('POST', '/api/user/checkIn', { body: { tab: 'login', email: stack.demoAdmin!.email, password: stack.demoAdmin!.password } });
    expect(signed.body.code, signed.body.msg).toBe(1);
    admin = signed.body.data.userInfo;
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('deletes an account: admins only, with a reason; it cannot sign in and its reviews leave the company page', async () => {
    const created = await asAdmin<AdminCompany>('POST', '/api/admin/companies/save', { form: form('Gannet Securities') });
    const company = created.body.data.id;
    const { user, reviewId } = await publishedReview(company);
    await eventually('the review published', async () => (await reviewsOf(company)).list.some((r) => r.id === reviewId));

    const mod = await stack.signUp();
    await asAdmin('POST', '/api/admin/users/role', { userId: mod.id, role: 'moderator', reason: 'Helps' });
    expect((await call<ErrorData>('POST', '/api/admin/users/delete', { token: mod.token, body: { userId: user.id, reason: 'No' } })).status).toBe(403);
    const noReason = await asAdmin<ErrorData>('POST', '/api/admin/users/delete', { userId: user.id, reason: '' }, 'zh-cn');
    expect(noReason.status).toBe(400);
    expect(noReason.body.data.fields).toEqual({ reason: '请填写删除该账户的理由（将记入审计日志）。' });
    const self = await asAdmin<ErrorData>('POST', '/api/admin/users/delete', { userId: admin.id, reason: 'Oops' });
    expect(self.status).toBe(403);

    const deleted = await asAdmin<AdminUserRow>('POST', '/api/admin/users/delete', { userId: user.id, reason: 'Asked by the user in writing' });
    expect(deleted.body).toMatchObject({ code: 1, data: { id: user.id, email: null, deleted: true } });
    // Its session is over at once; signing in again is refused.
    expect((await call<ErrorData>('POST', '/api/user/index', { token: user.token })).status).toBe(401);
    const detail = await asAdmin<AdminUserDetail>('GET', `/api/admin/users/detail?id=${user.id}`);
    expect(detail.body.data).toMatchObject({ user: { deleted: true, email: null }, liveSessions: 0 });

    await eventually('the review gone with the account, the company re-rated', async () => {
      const r = await reviewsOf(company);
      return !r.list.some((x) => x.id === reviewId) && r.rating.count === 0;
    });
  });

  it('merges a company: its reviews move to the survivor, which is rated from them', async () => {
    const dup = (await asAdmin<AdminCompany>('POST', '/api/admin/companies/save', { form: form('Kestrel Prime') })).body.data.id;
    const into = (await asAdmin<AdminCompany>('POST', '/api/admin/companies/save', { form: form('Kestrel Markets') })).body.data.id;
    const a = await publishedReview(dup, 5);
    const b = await publishedReview(dup, 3);
    await eventually('both reviews rated', async () => (await reviewsOf(dup)).rating.count === 2);

    const merged = await asAdmin<unknown>('POST', '/api/admin/companies/merge', { id: dup, into, reason: 'Same firm' });
    expect(merged.body.code, merged.body.msg).toBe(1);
    await eventually('the reviews on the survivor', async () => {
      const r = await reviewsOf(into);
      return r.rating.count === 2 && [a.reviewId, b.reviewId].every((id) => r.list.some((x) => x.id === id));
    });
    // The catalogue follows the new rating (score and count on the survivor's card).
    await eventually('the survivor counted', async () => (await asAdmin<{ company: AdminCompany }>('GET', `/api/admin/companies/detail?id=${into}`)).body.data.company.reviewCount === 2);
  });

  it('shows one audit: accounts, companies and content, newest first, by area and actor, page after page', async () => {
    const mod = await stack.signUp();
    await asAdmin('POST', '/api/admin/users/role', { userId: mod.id, role: 'moderator', reason: 'Helps with the queue' });
    const target = await stack.signUp();
    // Enough entries for more than one page (20) with what the earlier tests did.
    for (let i = 0; i < 15; i++) await asAdmin('POST', '/api/admin/users/revokeSessions', { userId: target.id, reason: `Check ${i}` });
    const revoked = await call<unknown>('POST', '/api/admin/users/revokeSessions', { token: mod.token, body: { userId: target.id, reason: 'Lost phone' } });
    expect(revoked.body.code, revoked.body.msg).toBe(1);

    const all = await asAdmin<MergedAuditPage>('GET', '/api/admin/audit/all');
    expect(all.body.data.areas).toEqual(['identity', 'catalogue', 'content']);
    expect(all.body.data.list[0]).toMatchObject({ area: 'identity', action: 'sessions.revoke', actor: { id: mod.id, username: mod.username }, target: { kind: 'user', id: target.id, label: target.username }, reason: 'Lost phone' });

    // Every page: newest first, no entry twice, and together they are the total.
    const seen: MergedAuditEntry[] = [];
    let page: MergedAuditPage = all.body.data;
    for (;;) {
      seen.push(...page.list);
      if (!page.next) break;
      page = (await asAdmin<MergedAuditPage>('GET', `/api/admin/audit/all?cursor=${page.next}`)).body.data;
    }
    expect(all.body.data.next).not.toBeNull();
    expect(seen.length).toBe(all.body.data.total);
    expect(new Set(seen.map((e) => `${e.area}:${e.id}`)).size).toBe(seen.length);
    expect(seen.map((e) => e.at)).toEqual([...seen.map((e) => e.at)].sort().reverse());
    // The earlier tests did all three: deletions and roles, company saves and merges, review approvals.
    expect(new Set(seen.map((e) => e.area))).toEqual(new Set(['identity', 'catalogue', 'content']));
    expect(seen.find((e) => e.area === 'catalogue' && e.action === 'merge')).toMatchObject({ target: { kind: 'company', label: 'Kestrel Prime' }, reason: 'Same firm', actor: { id: admin.id } });
    expect(seen.find((e) => e.area === 'identity' && e.action === 'account.delete')).toMatchObject({ reason: 'Asked by the user in writing', before: { role: 'user' } });
    expect(seen.some((e) => e.area === 'content' && e.action === 'approve' && e.target.kind === 'review')).toBe(true);

    const companies = await asAdmin<MergedAuditPage>('GET', '/api/admin/audit/all?area=catalogue');
    expect(companies.body.data.list.length).toBeGreaterThan(0);
    expect(companies.body.data.list.every((e) => e.area === 'catalogue')).toBe(true);
    const byMod = await asAdmin<MergedAuditPage>('GET', `/api/admin/audit/all?actor=${mod.id}`);
    expect(byMod.body.data.total).toBe(1);
    expect(byMod.body.data.list.map((e) => [e.area, e.action])).toEqual([['identity', 'sessions.revoke']]);

    // A moderator reads accounts and content, not companies; others nothing; a bad cursor is a 400.
    const asMod = await call<MergedAuditPage>('GET', '/api/admin/audit/all', { token: mod.token });
    expect(asMod.body.data.areas).toEqual(['identity', 'content']);
    expect(asMod.body.data.list.some((e) => e.area === 'catalogue')).toBe(false);
    expect((await call<ErrorData>('GET', '/api/admin/audit/all', { token: (await stack.signUp()).token })).status).toBe(403);
    expect((await asAdmin<ErrorData>('GET', '/api/admin/audit/all?cursor=nonsense', undefined, 'zh-cn')).status).toBe(400);
  });

  it('uploads a company logo, checked by content; the console and the public detail show it; the audit has it', async () => {
    const id = (await asAdmin<AdminCompany>('POST', '/api/admin/companies/save', { form: form('Osprey Logo Markets') })).body.data.id;
    const upload = async (bytes: Buffer, name: string, token = admin.token, lang = 'en') => call<AdminCompany>('POST', `/api/admin/companies/logo?id=${id}`, { token, lang, ...(await multipart(bytes, name)) });

    // Refused by content, whatever the name says; field errors in the caller's language.
    const svg = await upload(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'logo.png', admin.token, 'zh-cn');
    expect(svg.status).toBe(400);
    expect((svg.body as unknown as { data: ErrorData }).data.fields).toEqual({ logo: '标志须为 JPEG、PNG 或 WebP 图片。' });
    const user = await stack.signUp();
    expect((await upload(PNG, 'logo.png', user.token)).status).toBe(403);

    const saved = await upload(PNG, 'whatever.gif');
    expect(saved.body).toMatchObject({ code: 1, msg: 'The logo has been saved.', data: { id, logo: expect.stringMatching(/^\/media\/logos\/[0-9a-f]{64}\.png$/) } });
    const logo = saved.body.data.logo;
    const file = await fetch(`${stack.base}${logo}`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect((await asAdmin<AdminCompanyDetail>('GET', `/api/admin/companies/detail?id=${id}`)).body.data.company.logo).toBe(logo);
    // Visitors: the detail page and the listing card carry it.
    const detail = (await call<CompanyDetail>('GET', `/api/brokers/detail?id=${id}`)).body.data;
    expect(detail.logo).toMatch(/logos\/[0-9a-f]{64}\.png$/);
    // …with its AVIF and WebP sizes for cards (ADR 033), made by the catalogue's job after the answer:
    // the srcset lists exactly the sizes made, each at its real width (a 200 px logo's "320" is 200 px).
    const wide = await sharp({ create: { width: 200, height: 100, channels: 4, background: { r: 30, g: 90, b: 160, alpha: 1 } } }).png().toBuffer();
    const sized = (await upload(wide, 'wide.png')).body.data.logo;
    let shown: CompanyDetail | undefined;
    await eventually('the logo sizes listed', async () => {
      shown = (await call<CompanyDetail>('GET', `/api/brokers/detail?id=${id}`)).body.data;
      return shown.logo === sized && shown.logoSrcset !== undefined;
    });
    expect(shown!.logoSrcset).toEqual({
      avif: [[80, 80], [160, 160], [320, 200]].map(([name, width]) => ({ width, url: `${sized}.${name}w.avif` })),
      webp: [[80, 80], [160, 160], [320, 200]].map(([name, width]) => ({ width, url: `${sized}.${name}w.webp` })),
    });
    for (const { url, width } of [...shown!.logoSrcset!.avif, ...shown!.logoSrcset!.webp]) {
      const got = await fetch(`${stack.base}${url}`);
      expect([got.status, got.headers.get('content-type'), got.headers.get('cache-control')]).toEqual([200, url.endsWith('avif') ? 'image/avif' : 'image/webp', 'public, max-age=31536000, immutable']);
      expect((await sharp(Buffer.from(await got.arrayBuffer())).metadata()).width).toBe(width);
    }
    // The listing card too (its cache was dropped when the sizes were recorded).
    const card = (await call<{ list: CompanyDetail[] }>('GET', '/api/brokers/brokersList?page=1&limit=50&order=newest')).body.data.list.find((c) => c.id === id);
    expect(card?.logoSrcset?.avif.map((s) => s.width)).toEqual([80, 160, 200]);
    const audit = await asAdmin<MergedAuditPage>('GET', '/api/admin/audit/all?area=catalogue');
    expect(audit.body.data.list[0]).toMatchObject({ action: 'update', target: { id }, after: { logoKey: sized.replace('/media/', '') } });
  });
});
