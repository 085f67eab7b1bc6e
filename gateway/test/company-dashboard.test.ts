import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyDashboard, ComplaintCard, ErrorData, UserInfo } from '@brokerwise/api-contract';
import { companyAccounts, companyWithWebsite } from './company-accounts.ts';
import { startReviewStack, type ReviewStack } from './review-stack.ts';

const WHAT = 'My withdrawal of 300 USD has been pending for three weeks and support does not answer.';

describe("a company's dashboard through the gateway: its verified representatives (and admins) only", () => {
  let stack: ReviewStack;
  let admin: UserInfo;
  const call: ReviewStack['call'] = (method, p, opts) => stack.call(method, p, opts);
  const accounts = companyAccounts(() => stack, () => admin);

  beforeAll(async () => {
    stack = await startReviewStack('company-dashboard-salt', { all: true });
    const signed = await call<{ userInfo: UserInfo }>('POST', '/api/user/checkIn', { body: { tab: 'login', email: stack.demoAdmin!.email, password: stack.demoAdmin!.password } });
    admin = signed.body.data.userInfo;
    await companyWithWebsite(stack, 'harbour-fx', 'Harbour FX', '港湾外汇', 'https://harbour-fx.com');
    await companyWithWebsite(stack, 'summit-fx', 'Summit FX', '峰顶外汇', 'https://summit-fx.com');
  });
  afterAll(async () => {
    await stack?.close();
  });

  const dashboard = (token: string | undefined, query = '', lang = 'en') => call<CompanyDashboard>('GET', `/api/company/dashboard${query}`, { lang, ...(token ? { token } : {}) });

  it('the representative sees the trend, the open case with its deadline and the figures; others are refused in their language', async () => {
    const { rep } = await accounts.representative('harbour-fx', 'support@harbour-fx.com');
    const author = await stack.signUp();
    const opened = await call<ComplaintCard>('POST', '/api/complaints/open', { token: author.token, body: { company: 'harbour-fx', category: 'withdrawal', amount: '300', currency: 'USD', content: WHAT } });
    expect(opened.body.code, opened.body.msg).toBe(1);
    // Pending: not on the dashboard yet.
    expect((await dashboard(rep.token)).body.data.open).toEqual([]);
    await call('POST', '/api/admin/complaints/decide', { token: admin.token, body: { id: opened.body.data.id, decision: 'approve' } });

    // Without an id: the caller's own company.
    const mine = await dashboard(rep.token, '', 'zh-cn');
    expect(mine.status, JSON.stringify(mine.body)).toBe(200);
    expect(mine.headers.get('cache-control')).toBe('no-store');
    const d = mine.body.data;
    expect(d.company).toEqual({ id: 'harbour-fx', name: '港湾外汇' });
    expect(d.companies).toEqual([{ id: 'harbour-fx', name: '港湾外汇' }]);
    expect(d.trend).toHaveLength(12);
    expect(d.trend.every((m) => /^\d{4}-\d{2}$/.test(m.month) && m.reviews === 0 && m.average === null)).toBe(true);
    expect(d.open).toHaveLength(1);
    expect(d.open[0]).toMatchObject({ id: opened.body.data.id, status: 'awaiting_company', company: { id: 'harbour-fx' }, rejectReason: null });
    expect(d.open[0]!.dueAt).not.toBeNull();
    expect(d.open[0]!.workingDaysLeft).toBeGreaterThanOrEqual(15);
    expect(d.complaints).toMatchObject({ cases: 1, answered: 0 });
    expect(d.replies).toMatchObject({ reviews: 0, replied: 0, rate: null });
    expect((await dashboard(rep.token, '?id=harbour-fx')).body.data.company.name).toBe('Harbour FX');

    // Another company's dashboard: 403, in the caller's language.
    const other = await dashboard(rep.token, '?id=summit-fx', 'zh-cn');
    expect(other.status).toBe(403);
    expect((other.body as unknown as { msg: string }).msg).toBe('只有该公司的认证代表才能查看其控制台。');
    // A user who represents nothing, and the case's author: 403; a visitor: signed out.
    const refused = await dashboard(author.token);
    expect(refused.status).toBe(403);
    expect((refused.body as unknown as { msg: string; data: ErrorData }).msg).toBe("Only the company's verified representatives can see its dashboard.");
    expect((await dashboard(author.token, '?id=harbour-fx')).status).toBe(403);
    expect((await dashboard(undefined, '?id=harbour-fx')).status).toBe(401);
    // An admin opens any company's.
    const asAdmin = await dashboard(admin.token, '?id=summit-fx');
    expect(asAdmin.body).toMatchObject({ code: 1, data: { company: { id: 'summit-fx' }, open: [] } });
    expect((await dashboard(admin.token)).status).toBe(403);
    expect((await dashboard(admin.token, '?id=no-such-company')).status).toBe(404);
  });
});
