import { expect } from 'vitest';
import type { AdminCompanyClaim, CompanyClaim, CompanyClaimStarted, UserInfo } from '@brokerwise/api-contract';
import type { ReviewStack } from './review-stack.ts';

/** A catalogue company with a website (a claim's mailbox must be at its domain). */
export async function companyWithWebsite(stack: ReviewStack, slug: string, name: string, nameZh: string, website: string): Promise<void> {
  const put = await fetch(`${stack.catalogueUrl}/v1/companies/${slug}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', ...(await stack.serviceHeaders('catalogue', { role: 'admin' })) },
    body: JSON.stringify({ name, nameZh, category: 'Brokers', countryCode: 'GB', score: 4, reviewCount: 0, description: { en: 'A broker.', zh: '一家经纪商。' }, website }),
  });
  expect(put.ok, await put.text()).toBe(true);
}

/**
 * Company accounts through the gateway: sign one up, and make it a verified representative of a
 * company (claimed with a mailbox at its domain, the mailed code entered, approved by `admin`).
 * Both are read when called (the stack starts in `beforeAll`).
 */
export function companyAccounts(stackOf: () => ReviewStack, admin: () => UserInfo) {
  const call: ReviewStack['call'] = (method, p, opts) => stackOf().call(method, p, opts);
  const codeSentTo = async (email: string) => {
    let code = '';
    await expect
      .poll(async () => {
        code = /\b(\d{6})\b/.exec((await stackOf().mailbox.list(email))[0]?.text ?? '')?.[1] ?? '';
        return code;
      })
      .not.toBe('');
    return code;
  };
  const signUpCompany = async (): Promise<UserInfo> => {
    const name = `c${Math.random().toString(36).slice(2, 9)}`;
    const email = `${name}@example.com`;
    await call('POST', '/api/ems/send', { body: { email, event: 'user_register' } });
    const res = await call<{ userInfo: UserInfo }>('POST', '/api/user/checkIn', {
      body: { tab: 'register', email, username: name, password: 'Secret123', captcha: await codeSentTo(email), accountType: 'company' },
    });
    expect(res.body.code, res.body.msg).toBe(1);
    return res.body.data.userInfo;
  };
  const representative = async (company: string, email: string) => {
    const rep = await signUpCompany();
    const started = await call<CompanyClaimStarted>('POST', '/api/user/companyClaim', { token: rep.token, body: { company, email } });
    expect(started.body.code, started.body.msg).toBe(1);
    const verified = await call<CompanyClaim>('POST', '/api/user/companyClaimVerify', { token: rep.token, body: { claimId: started.body.data.claim.id, code: await codeSentTo(email) } });
    expect(verified.body.code, verified.body.msg).toBe(1);
    const ok = await call<AdminCompanyClaim>('POST', '/api/admin/companyClaims/decide', { token: admin().token, body: { claimId: started.body.data.claim.id, decision: 'approve' } });
    expect(ok.body.code, ok.body.msg).toBe(1);
    return { rep, claimId: started.body.data.claim.id };
  };
  return { codeSentTo, signUpCompany, representative };
}
