/**
 * Company representatives (issue 19, ADR 030). A company account claims a catalogue company with
 * a mailbox at the company's own web domain: a `company_claim` code goes there (the usual code
 * mail, ADR 010); the code entered, the claim waits for an administrator, whose approval makes the
 * account a verified representative (several per company). An administrator may revoke one later.
 * Approvals, refusals and revocations append to `admin_audit` in their transaction.
 */
import { randomUUID } from 'node:crypto';
import { enqueueEvent } from '@brokerwise/service-kit';
import { representativeDecided } from '../events/publish.ts';
import { violatedUnique } from '../store/user.store.ts';
import { insertAudit } from '../store/sanction.store.ts';
import {
  claimsOf,
  findClaim,
  findClaimForUpdate,
  insertClaim,
  listClaims,
  liveClaim,
  LIVE_CLAIM,
  representedBy,
  representativesOf,
  updateClaim,
  type ClaimRow,
} from '../store/company-claim.store.ts';
import type { ClaimStatus } from '../store/types.ts';
import { findUserById } from '../store/user.store.ts';
import { checkCode, requestCode, useCode } from './codes.ts';
import type { IdentityContext, RequestMeta } from './context.ts';
import { claimNotFound, claimState, invalidInput, userNotFound } from './errors.ts';
import { REASON_MAX } from './sanctions.ts';
import { charLength, emailProblem, normalizeEmail, type Locale } from './rules.ts';

type Ctx = Pick<IdentityContext, 'db' | 'now' | 'codeSecret'>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Mail providers anyone can sign up at: an address there proves nothing about a company. */
export const FREE_MAIL_DOMAINS: ReadonlySet<string> = new Set([
  'gmail.com',
  'googlemail.com',
  'outlook.com',
  'hotmail.com',
  'live.com',
  'msn.com',
  'yahoo.com',
  'ymail.com',
  'aol.com',
  'icloud.com',
  'me.com',
  'mac.com',
  'proton.me',
  'protonmail.com',
  'gmx.com',
  'gmx.net',
  'gmx.de',
  'mail.com',
  'zoho.com',
  'yandex.com',
  'yandex.ru',
  'mail.ru',
  'qq.com',
  'foxmail.com',
  '163.com',
  '126.com',
  'yeah.net',
  'sina.com',
  'sina.cn',
  'sohu.com',
  'aliyun.com',
  '139.com',
  'tutanota.com',
  'fastmail.com',
  'hey.com',
  'web.de',
  'naver.com',
]);

/** The host a company's website names, without `www.` ('' when there is none to check against). */
export function companyHostOf(website: string): string {
  const w = website.trim();
  if (!w) return '';
  try {
    return new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(w) ? w : `https://${w}`).hostname
      .toLowerCase()
      .replace(/^www\./, '')
      .replace(/\.$/, '');
  } catch {
    return '';
  }
}

/**
 * Why an address cannot claim the company at `host`: its shape, a free-mail provider, or another
 * domain than the company's (subdomains of it are the company's too).
 */
export function claimEmailProblem(email: string, host: string): string | undefined {
  const shape = emailProblem(email);
  if (shape) return shape;
  const domain = normalizeEmail(email).split('@').pop() ?? '';
  if (FREE_MAIL_DOMAINS.has(domain)) return 'claim_free_mail';
  const h = companyHostOf(host);
  if (!h || FREE_MAIL_DOMAINS.has(h) || (domain !== h && !domain.endsWith(`.${h}`))) return 'claim_domain';
  return undefined;
}

export interface StartClaimInput {
  userId: string;
  companyId: string;
  companyName: string;
  /** The company's website (or its host) from the catalogue. */
  companyWebsite: string;
  email: string;
  locale: Locale;
}

/**
 * Starts (or, while its code is awaited, redirects) a claim and mails its code. Only a company
 * account claims; one live claim per account and company.
 */
export async function startClaim(ctx: Ctx, input: StartClaimInput, meta: RequestMeta = {}): Promise<{ claim: ClaimRow; resendAfter: number }> {
  const user = await findUserById(ctx.db, input.userId);
  if (!user || user.deleted_at) throw userNotFound();
  if (user.account_type !== 'company') throw invalidInput({ accountType: 'claim_company_only' });
  if (!UUID.test(input.companyId)) throw invalidInput({ companyId: 'required' });
  const problem = claimEmailProblem(input.email, input.companyWebsite);
  if (problem) throw invalidInput({ email: problem });
  const email = normalizeEmail(input.email);
  const host = companyHostOf(input.companyWebsite);
  let claim = await liveClaim(ctx.db, user.id, input.companyId);
  if (claim && claim.status !== 'awaiting_code') throw claimState(claim.status);
  if (claim) {
    claim = await updateClaim(ctx.db, claim.id, {
      email,
      company_name: input.companyName,
      company_host: host,
    });
  } else {
    try {
      claim = await insertClaim(ctx.db, {
        id: randomUUID(),
        userId: user.id,
        companyId: input.companyId,
        companyName: input.companyName,
        companyHost: host,
        email,
        at: ctx.now(),
      });
    } catch (err) {
      if (violatedUnique(err) === LIVE_CLAIM) throw claimState('awaiting_code');
      throw err;
    }
  }
  const { resendAfter } = await requestCode(ctx, { email, purpose: 'company_claim', locale: input.locale, userId: user.id }, meta);
  return { claim, resendAfter };
}

/** The code from the company mailbox: the claim then waits for an administrator. */
export async function verifyClaim(ctx: Ctx, input: { userId: string; claimId: string; code: string }): Promise<ClaimRow> {
  if (!UUID.test(input.claimId)) throw claimNotFound();
  if (!input.code.trim()) throw invalidInput({ code: 'required' });
  const pending = await findClaim(ctx.db, input.claimId);
  if (!pending || pending.user_id !== input.userId) throw claimNotFound();
  if (pending.status !== 'awaiting_code') throw claimState(pending.status);
  const code = await checkCode(
    ctx,
    {
      email: pending.email,
      purpose: 'company_claim',
      code: input.code,
      userId: input.userId,
    },
    'code',
  );
  const now = ctx.now();
  return ctx.db.transaction().execute(async (trx) => {
    const claim = await findClaimForUpdate(trx, pending.id);
    if (!claim || claim.status !== 'awaiting_code' || claim.email !== pending.email) throw claimState(claim?.status ?? 'awaiting_code');
    await useCode(trx, code, now, 'code');
    return updateClaim(trx, claim.id, {
      status: 'awaiting_approval',
      verified_at: now,
    });
  });
}

export const claimsOfUser = (ctx: Pick<IdentityContext, 'db'>, userId: string) => claimsOf(ctx.db, userId);

/** The companies an account is a verified representative of. */
export const representing = (ctx: Pick<IdentityContext, 'db'>, userId: string) => (UUID.test(userId) ? representedBy(ctx.db, userId) : Promise.resolve([]));

/** Who represents a company now (approved, not revoked). */
export const companyRepresentatives = (ctx: Pick<IdentityContext, 'db'>, companyId: string) =>
  UUID.test(companyId) ? representativesOf(ctx.db, companyId.toLowerCase()) : Promise.resolve([]);

const LISTS: Record<'awaiting_approval' | 'approved' | 'closed', ClaimStatus[]> = {
  awaiting_approval: ['awaiting_approval'],
  approved: ['approved'],
  closed: ['rejected', 'revoked'],
};

/** The console's lists: claims awaiting approval, the representatives, the refused and revoked. */
export const claimQueue = (ctx: Pick<IdentityContext, 'db'>, q: { status: keyof typeof LISTS; page: number; limit: number }) =>
  listClaims(ctx.db, {
    statuses: LISTS[q.status],
    offset: (q.page - 1) * q.limit,
    limit: q.limit,
  });

const reasonOf = (reason: string | undefined): string => {
  const r = (reason ?? '').trim();
  if (charLength(r) > REASON_MAX) throw invalidInput({ reason: 'sanction_too_long' });
  return r;
};

const auditFacts = (c: ClaimRow) => ({
  claimId: c.id,
  companyId: c.company_id,
  companyName: c.company_name,
  email: c.email,
});

/** An administrator approves (a verified representative) or refuses a verified claim. */
export async function decideClaim(
  ctx: Pick<IdentityContext, 'db' | 'now'>,
  input: {
    claimId: string;
    adminId: string;
    decision: 'approve' | 'reject';
    reason?: string | undefined;
  },
  meta: RequestMeta = {},
): Promise<ClaimRow> {
  const reason = reasonOf(input.reason);
  if (input.decision === 'reject' && !reason) throw invalidInput({ reason: 'claim_reason' });
  if (!UUID.test(input.claimId)) throw claimNotFound();
  return ctx.db.transaction().execute(async (trx) => {
    const claim = await findClaimForUpdate(trx, input.claimId);
    if (!claim) throw claimNotFound();
    if (claim.status !== 'awaiting_approval') throw claimState(claim.status);
    const now = ctx.now();
    const status = input.decision === 'approve' ? 'approved' : 'rejected';
    const updated = await updateClaim(trx, claim.id, {
      status,
      decided_at: now,
      decided_by: input.adminId,
      decision_reason: reason,
    });
    await insertAudit(trx, {
      id: randomUUID(),
      actorId: input.adminId,
      at: now,
      action: `representative.${input.decision}`,
      targetUserId: claim.user_id,
      before: { status: claim.status },
      after: { status, ...auditFacts(claim) },
      reason,
    });
    await enqueueEvent(trx, representativeDecided(updated, status, reason, now, meta.correlationId));
    return updated;
  });
}

/** An administrator ends a representative's standing (a reason is required, it is audited). */
export async function revokeRepresentative(
  ctx: Pick<IdentityContext, 'db' | 'now'>,
  input: { claimId: string; adminId: string; reason: string },
  meta: RequestMeta = {},
): Promise<ClaimRow> {
  const reason = reasonOf(input.reason);
  if (!reason) throw invalidInput({ reason: 'claim_reason' });
  if (!UUID.test(input.claimId)) throw claimNotFound();
  return ctx.db.transaction().execute(async (trx) => {
    const claim = await findClaimForUpdate(trx, input.claimId);
    if (!claim) throw claimNotFound();
    if (claim.status !== 'approved') throw claimState(claim.status);
    const now = ctx.now();
    const updated = await updateClaim(trx, claim.id, {
      status: 'revoked',
      revoked_at: now,
      revoked_by: input.adminId,
    });
    await insertAudit(trx, {
      id: randomUUID(),
      actorId: input.adminId,
      at: now,
      action: 'representative.revoke',
      targetUserId: claim.user_id,
      before: { status: 'approved' },
      after: { status: 'revoked', ...auditFacts(claim) },
      reason,
    });
    await enqueueEvent(trx, representativeDecided(updated, 'revoked', reason, now, meta.correlationId));
    return updated;
  });
}
