import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimEmailProblem, companyHostOf } from '../src/domain/company-claims.ts';
import { setRole } from '../src/store/user.store.ts';
import { errorOf, newPerson, registerUser, startHarness, type Harness } from './harness.ts';

describe('identity: company accounts claim a company, an administrator approves and revokes (real SQL, bus)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h?.close();
  });

  const company = { companyId: randomUUID(), companyName: 'Acme Markets', companyWebsite: 'https://www.acme-markets.com/en/' };
  const start = (userId: string, email: string, c = company) => h.call('POST', `/v1/users/${userId}/company-claims`, { ...c, email, locale: 'en' });
  const verify = (userId: string, claimId: string, code: string) => h.call('POST', `/v1/users/${userId}/company-claims/${claimId}/verify`, { code });
  const admin = async () => {
    const r = await registerUser(h);
    await setRole(h.db, r.user.id, 'admin', h.now());
    return r.user.id as string;
  };

  it('knows the company domain: subdomains are the company, free mail and other domains are not', () => {
    expect(companyHostOf('https://www.Acme-Markets.com/en/')).toBe('acme-markets.com');
    expect(companyHostOf('acme.co.uk')).toBe('acme.co.uk');
    expect(companyHostOf('')).toBe('');
    expect(claimEmailProblem('ir@acme.com', 'acme.com')).toBeUndefined();
    expect(claimEmailProblem('ir@mail.acme.com', 'https://www.acme.com')).toBeUndefined();
    expect(claimEmailProblem('ir@notacme.com', 'acme.com')).toBe('claim_domain');
    expect(claimEmailProblem('ir@acme.com.evil.io', 'acme.com')).toBe('claim_domain');
    expect(claimEmailProblem('acme@gmail.com', 'acme.com')).toBe('claim_free_mail');
    expect(claimEmailProblem('a@qq.com', 'qq.com')).toBe('claim_free_mail');
    expect(claimEmailProblem('ir@acme.com', '')).toBe('claim_domain');
    expect(claimEmailProblem('nope', 'acme.com')).toBe('format');
  });

  it('a company account claims with a code from the company mailbox; an admin approves; it represents the company until revoked (audited)', async () => {
    const personal = await registerUser(h);
    expect(errorOf(await start(personal.user.id, 'ir@acme-markets.com'))).toMatchObject({ code: 'identity.validation', fields: { accountType: 'claim_company_only' } });

    const rep = await registerUser(h, newPerson(), { accountType: 'company' });
    expect(rep.user.accountType).toBe('company');
    expect(errorOf(await start(rep.user.id, 'boss@gmail.com'))).toMatchObject({ fields: { email: 'claim_free_mail' } });
    expect(errorOf(await start(rep.user.id, 'boss@acme-markets.net'))).toMatchObject({ fields: { email: 'claim_domain' } });
    expect(await h.codeRequests('boss@acme-markets.net')).toHaveLength(0);

    const started = await start(rep.user.id, 'IR@eu.acme-markets.com');
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const claim = started.body.claim;
    expect(claim).toMatchObject({ status: 'awaiting_code', email: 'ir@eu.acme-markets.com', companyHost: 'acme-markets.com', companyId: company.companyId });
    const code = await h.codeFor('ir@eu.acme-markets.com', 'company_claim');

    // Only its claimant enters the code, and only the right one.
    const other = await registerUser(h, newPerson(), { accountType: 'company' });
    expect(errorOf(await verify(other.user.id, claim.id, code))).toMatchObject({ code: 'identity.claim_not_found' });
    expect(errorOf(await verify(rep.user.id, claim.id, code === '000000' ? '111111' : '000000'))).toMatchObject({ code: 'identity.code_invalid', fields: { code: 'invalid' } });
    const verified = await verify(rep.user.id, claim.id, code);
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    expect(verified.body).toMatchObject({ status: 'awaiting_approval' });
    expect(errorOf(await verify(rep.user.id, claim.id, code))).toMatchObject({ code: 'identity.claim_awaiting_approval' });
    expect(errorOf(await start(rep.user.id, 'ir@acme-markets.com'))).toMatchObject({ code: 'identity.claim_awaiting_approval' });
    expect((await h.call('GET', `/v1/users/${rep.user.id}/representing`)).body.items).toEqual([]);

    const adminId = await admin();
    const queue = await h.call('GET', '/v1/admin/company-claims?status=awaiting_approval&limit=100');
    expect(queue.body.items.find((c: any) => c.id === claim.id)).toMatchObject({ username: rep.person.username, companyName: 'Acme Markets' });
    expect(errorOf(await h.call('POST', `/v1/admin/company-claims/${claim.id}/decide`, { adminId, decision: 'reject' }))).toMatchObject({ fields: { reason: 'claim_reason' } });
    const approved = await h.call('POST', `/v1/admin/company-claims/${claim.id}/decide`, { adminId, decision: 'approve' });
    expect(approved.body).toMatchObject({ status: 'approved' });
    expect((await h.call('GET', `/v1/users/${rep.user.id}/representing`)).body.items).toMatchObject([{ companyId: company.companyId, status: 'approved' }]);

    // A second representative of the same company.
    const second = await registerUser(h, newPerson(), { accountType: 'company' });
    const s2 = await start(second.user.id, 'pr@acme-markets.com');
    await verify(second.user.id, s2.body.claim.id, await h.codeFor('pr@acme-markets.com', 'company_claim'));
    await h.call('POST', `/v1/admin/company-claims/${s2.body.claim.id}/decide`, { adminId, decision: 'approve' });
    const reps = await h.call('GET', '/v1/admin/company-claims?status=approved&limit=100');
    expect(reps.body.items.filter((c: any) => c.companyId === company.companyId).map((c: any) => c.userId).sort()).toEqual([rep.user.id, second.user.id].sort());

    // Revoked: a reason is required; it is in the audit log with the company.
    expect(errorOf(await h.call('POST', `/v1/admin/company-claims/${claim.id}/revoke`, { adminId, reason: ' ' }))).toMatchObject({ fields: { reason: 'claim_reason' } });
    const revoked = await h.call('POST', `/v1/admin/company-claims/${claim.id}/revoke`, { adminId, reason: 'Left the company' });
    expect(revoked.body).toMatchObject({ status: 'revoked' });
    expect((await h.call('GET', `/v1/users/${rep.user.id}/representing`)).body.items).toEqual([]);
    expect((await h.call('GET', `/v1/users/${second.user.id}/representing`)).body.items).toHaveLength(1);
    const audit = await h.call('GET', `/v1/admin/audit?targetId=${rep.user.id}`);
    expect(audit.body.items.map((a: any) => a.action).sort()).toEqual(['representative.approve', 'representative.revoke']);
    expect(audit.body.items.find((a: any) => a.action === 'representative.revoke')).toMatchObject({
      actorId: adminId,
      reason: 'Left the company',
      after: { status: 'revoked', companyId: company.companyId, companyName: 'Acme Markets' },
    });
    // Revoked, it may claim again.
    expect((await start(rep.user.id, 'ir@acme-markets.com')).status).toBe(200);

    // A deleted account no longer represents the company, and its claim mailboxes are erased.
    const deleted = await h.call('POST', `/v1/admin/users/${second.user.id}/delete`, { adminId, reason: 'Asked to close the account' });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect((await h.call('GET', `/v1/users/${second.user.id}/representing`)).body.items).toEqual([]);
    expect((await h.call('GET', `/v1/users/${second.user.id}/company-claims`)).body.items).toMatchObject([{ status: 'revoked', email: '' }]);
  });

  it('an administrator refuses a claim with a reason', async () => {
    const rep = await registerUser(h, newPerson(), { accountType: 'company' });
    const c = { ...company, companyId: randomUUID() };
    const s = await start(rep.user.id, 'x@acme-markets.com', c);
    await verify(rep.user.id, s.body.claim.id, await h.codeFor('x@acme-markets.com', 'company_claim'));
    const adminId = await admin();
    const refused = await h.call('POST', `/v1/admin/company-claims/${s.body.claim.id}/decide`, { adminId, decision: 'reject', reason: 'Not an employee' });
    expect(refused.body).toMatchObject({ status: 'rejected', decisionReason: 'Not an employee' });
    expect(errorOf(await h.call('POST', `/v1/admin/company-claims/${s.body.claim.id}/revoke`, { adminId, reason: 'x' }))).toMatchObject({ code: 'identity.claim_rejected' });
    expect((await h.call('GET', `/v1/users/${rep.user.id}/company-claims`)).body.items).toMatchObject([{ status: 'rejected', decisionReason: 'Not an employee' }]);
  });
});
