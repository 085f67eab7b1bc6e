import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminCompany, AdminCompanyAuditEntry, AdminCompanyForm, CompanyDetail, CompanyFollow, CompanyLicences, ErrorData, LicenceHistoryEntry, NoticePage, Page, UploadedLicenceEvidence, UserInfo } from '@brokerwise/api-contract';
import { startReviewStack, type ReviewStack } from './review-stack.ts';

/** A 1×1 PNG: a screenshot of the regulator's register. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

const form: AdminCompanyForm = {
  name: 'Beacon Licence Markets',
  nameZh: '灯塔牌照市场',
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
  licences: [{ regulator: 'FCA', regulatorCountry: 'GB', licenceNo: '777111', entity: 'Beacon Licence Markets Ltd', status: 'regulated', registerUrl: 'https://register.fca.org.uk/' }],
};

/** A multipart body with one file part `file`, as a browser's FormData sends it. */
async function multipart(bytes: Buffer, name: string): Promise<{ raw: Buffer; contentType: string }> {
  const fd = new FormData();
  fd.append('file', new Blob([new Uint8Array(bytes)]), name);
  const req = new Request('http://localhost/', { method: 'POST', body: fd });
  return { raw: Buffer.from(await req.arrayBuffer()), contentType: req.headers.get('content-type')! };
}

describe('licence register through the gateway', () => {
  let stack: ReviewStack;
  let admin: UserInfo;
  const call: ReviewStack['call'] = (method, p, opts) => stack.call(method, p, opts);
  const asAdmin = <T>(method: 'GET' | 'POST', p: string, body?: unknown, lang: 'en' | 'zh-cn' = 'en') => call<T>(method, p, { token: admin.token, lang, ...(body ? { body } : {}) });
  const upload = async <T>(token: string, bytes: Buffer, name: string, lang: 'en' | 'zh-cn' = 'en') => call<T>('POST', '/api/admin/companies/licence-evidence', { token, lang, ...(await multipart(bytes, name)) });

  beforeAll(async () => {
    stack = await startReviewStack('licences-test-salt', { all: true });
    const signed = await call<{ userInfo: UserInfo }>('POST', '/api/user/checkIn', { body: { tab: 'login', email: stack.demoAdmin!.email, password: stack.demoAdmin!.password } });
    admin = signed.body.data.userInfo;
    const created = await asAdmin<AdminCompany>('POST', '/api/admin/companies/save', { form });
    expect(created.body.data.id, created.body.msg).toBe('beacon-licence-markets');
  });

  afterAll(async () => {
    await stack?.close();
  });

  it('an admin revokes a licence with evidence: the timeline, the file and its hash, the audit, the follower’s notice', async () => {
    const follower = await stack.signUp();
    const followed = await call<CompanyFollow>('POST', '/api/brokers/follow', { token: follower.token, body: { id: 'beacon-licence-markets', follow: true } });
    expect(followed.body).toMatchObject({ code: 1, msg: 'You follow this company now.', data: { following: true, followers: 1 } });
    expect((await call<CompanyFollow>('GET', '/api/brokers/follow?id=beacon-licence-markets', { token: follower.token })).body.data.following).toBe(true);

    const ev = await upload<UploadedLicenceEvidence>(admin.token, PNG, 'register.png');
    const sha = createHash('sha256').update(PNG).digest('hex');
    expect(ev.body).toMatchObject({ code: 1, data: { sha256: sha, contentType: 'image/png', url: `/media/licence-evidence/${sha}.png` } });

    const revoked = await asAdmin<LicenceHistoryEntry>('POST', '/api/admin/companies/licence-status', {
      id: 'beacon-licence-markets',
      regulator: 'FCA',
      licenceNo: '777111',
      status: 'revoked',
      effectiveOn: '2026-11-20',
      note: 'The FCA register shows the permission cancelled.',
      evidenceKey: ev.body.data.key,
      capturedAt: '2026-11-21T10:00:00.000Z',
    });
    expect(revoked.body).toMatchObject({ code: 1, msg: 'The licence status has been recorded.', data: { status: 'revoked', evidence: { sha256: sha, capturedAt: '2026-11-21T10:00:00.000Z' } } });

    // The company page: the licence reads revoked at once (caches dropped), with its history.
    expect((await call<CompanyDetail>('GET', '/api/brokers/detail?id=beacon-licence-markets')).body.data.licences[0]).toMatchObject({ status: 'revoked' });
    const register = await call<CompanyLicences>('GET', '/api/brokers/licences?id=beacon-licence-markets', { lang: 'zh-cn' });
    expect(register.body.data.licences[0]).toMatchObject({ regulator: 'FCA', regulatorCountry: '英国', regulatorCountryCode: 'GB', status: 'revoked', history: [{ status: 'revoked', previousStatus: null, effectiveOn: '2026-11-20', evidence: { url: ev.body.data.url, sha256: sha } }] });
    // The evidence as served hashes to what the page shows.
    const file = await fetch(`${stack.base}${ev.body.data.url}`);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(createHash('sha256').update(Buffer.from(await file.arrayBuffer())).digest('hex')).toBe(sha);

    // The public API lists the same history with absolute evidence links.
    const pub = await fetch(`${stack.base}/v1/companies/beacon-licence-markets/licences`);
    const pubBody = (await pub.json()) as { data: { status: string; history: { status: string; evidence: { url: string; sha256: string } }[] }[] };
    expect(pubBody.data[0]).toMatchObject({ status: 'revoked', history: [{ status: 'revoked', evidence: { url: `${stack.base}${ev.body.data.url}`, sha256: sha } }] });

    const audit = await asAdmin<Page<AdminCompanyAuditEntry>>('GET', '/api/admin/companies/audit?id=beacon-licence-markets');
    expect(audit.body.data.list[0]).toMatchObject({ action: 'licence_status', reason: 'The FCA register shows the permission cancelled.' });

    await expect
      .poll(async () => (await call<NoticePage>('GET', '/api/user/notice?type=notices', { token: follower.token })).body.data.list, { timeout: 15_000, interval: 50 })
      .toEqual([expect.objectContaining({ kind: 'licence_status_changed', title: 'Licence status changed', link: '/detail?id=beacon-licence-markets#licences' })]);
    const zh = await call<NoticePage>('GET', '/api/user/notice?type=notices', { token: follower.token, lang: 'zh-cn' });
    expect(zh.body.data.list[0]!.content).toBe('灯塔牌照市场 的 FCA 牌照（777111）自 2026-11-20 起状态为“已撤销”。证据请见公司页面。');
  });

  it('keeps PDFs as downloads and refuses other files and bad changes with field messages in the caller’s language', async () => {
    const pdf = await upload<UploadedLicenceEvidence>(admin.token, PDF, 'register.pdf');
    expect(pdf.body.data.contentType).toBe('application/pdf');
    const served = await fetch(`${stack.base}${pdf.body.data.url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-disposition')).toMatch(/^attachment/);

    const html = await upload<ErrorData>(admin.token, Buffer.from('<html><script>alert(1)</script></html>'), 'register.pdf', 'zh-cn');
    expect(html.status).toBe(400);
    expect(html.body.data.fields).toEqual({ evidence: '文件须为 PDF、PNG、JPEG 或 WebP 格式。' });

    const bad = await asAdmin<ErrorData>('POST', '/api/admin/companies/licence-status', { id: 'beacon-licence-markets', regulator: 'FCA', licenceNo: '777111', status: 'gone', effectiveOn: '20-11-2026', note: '' });
    expect(bad.status).toBe(400);
    expect(bad.body.data.fields).toEqual({ status: 'Please choose active, suspended, revoked or expired.', effectiveOn: 'Please enter a date as YYYY-MM-DD.', note: 'Please write a note saying what changed.' });

    // Not an admin: refused, nothing recorded.
    const user = await stack.signUp();
    expect((await upload(user.token, PNG, 'x.png')).status).toBe(403);
    expect((await call('POST', '/api/admin/companies/licence-status', { token: user.token, body: { id: 'beacon-licence-markets', regulator: 'FCA', licenceNo: '777111', status: 'active', effectiveOn: '2026-11-22', note: 'x' } })).status).toBe(403);
    expect((await call<CompanyLicences>('GET', '/api/brokers/licences?id=beacon-licence-markets')).body.data.licences[0]!.history).toHaveLength(1);
    // Following needs a session.
    expect((await call('POST', '/api/brokers/follow', { body: { id: 'beacon-licence-markets', follow: true } })).body.code).not.toBe(1);
  });
});
