/**
 * Sanctions under the terms (spec §6: warn, restrict posting, freeze) and their appeals (issue 17).
 * Every change is one transaction: the sanction or appeal row, the account's freeze and sessions,
 * the audit row, and the event the notifications service turns into the user's notice.
 */
import { randomUUID } from 'node:crypto';
import { enqueueEvent } from '@brokerwise/service-kit';
import type { Kysely } from '@brokerwise/sql';
import { appealRejected, sanctionImposed, sanctionLifted } from '../events/publish.ts';
import {
  activeFreezes,
  activeRestriction,
  appealsOf,
  decideAppealRow,
  findAppealForUpdate,
  findSanctionForUpdate,
  findSanctions,
  insertAppeal,
  insertAudit,
  insertSanction,
  listAppeals,
  markLifted,
  sanctionsOf,
  type AppealRow,
  type ListedAppeal,
  type SanctionRow,
} from '../store/sanction.store.ts';
import { revokeUserSessions } from '../store/session.store.ts';
import type { AppealDecision, IdentityTables, Role, SanctionKind } from '../store/types.ts';
import { findUserById, findUserByIdForUpdate, setFrozen } from '../store/user.store.ts';
import type { IdentityContext, RequestMeta } from './context.ts';
import {
  appealDecided,
  appealExists,
  appealNotFound,
  appealSameModerator,
  invalidInput,
  sanctionInactive,
  sanctionNotAllowed,
  sanctionNotFound,
  userNotFound,
} from './errors.ts';
import { charLength } from './rules.ts';

type Ctx = Pick<IdentityContext, 'db' | 'now'>;
type Db = Kysely<IdentityTables>;

/** The rules of the terms a sanction names (the report reasons and impersonation; @brokerwise/api-contract SANCTION_RULES); the readers hold the labels. */
export const RULES = ['illegal', 'personal_data', 'abuse', 'fake_review', 'conflict_of_interest', 'spam', 'impersonation', 'other'] as const;
export type Rule = (typeof RULES)[number];
export const RESTRICT_DAYS = { min: 1, max: 365 } as const;
export const REASON_MAX = 500;
export const APPEAL_TEXT = { min: 10, max: 1000 } as const;
const DAY_MS = 24 * 3600_000;

const RANK: Record<Role, number> = { user: 0, moderator: 1, admin: 2 };

/** Whether a sanction still applies at `now` (a warning applies until lifted: it stays on the record). */
export const inForce = (s: SanctionRow, now: Date): boolean => s.lifted_at === null && (s.kind !== 'restrict' || (s.ends_at !== null && s.ends_at > now));

/** Field codes of these forms are their own (`sanction_…`, `appeal_…`): the gateway words each for its form. */
const reasonProblem = (reason: string): string | undefined => {
  const n = charLength(reason.trim());
  if (n === 0) return 'sanction_required';
  return n > REASON_MAX ? 'sanction_too_long' : undefined;
};

/** What the audit keeps of a sanction (before/after). */
const snapshot = (s: SanctionRow) => ({
  id: s.id,
  kind: s.kind,
  rule: s.rule,
  endsAt: s.ends_at?.toISOString() ?? null,
  liftedAt: s.lifted_at?.toISOString() ?? null,
});

export interface SanctionInput {
  userId: string;
  kind: SanctionKind;
  days?: number | undefined;
  reason: string;
  rule: string;
  moderatorId: string;
}

export interface Imposed {
  sanction: SanctionRow;
  /** Sessions a freeze revoked (the gateway forgets their cached liveness). */
  revoked: string[];
}

/**
 * Sanctions an account. A restriction stops posting for `days`; a freeze refuses sign-in and
 * ends every session. Nobody sanctions themselves, and a moderator cannot sanction staff of
 * their rank or above.
 */
export async function imposeSanction(ctx: Ctx, input: SanctionInput, meta: RequestMeta = {}): Promise<Imposed> {
  const fields: Record<string, string> = {};
  if (!(RULES as readonly string[]).includes(input.rule)) fields.rule = 'sanction_rule';
  const reasonBad = reasonProblem(input.reason);
  if (reasonBad) fields.reason = reasonBad;
  if (input.kind === 'restrict' && (input.days === undefined || !Number.isInteger(input.days) || input.days < RESTRICT_DAYS.min || input.days > RESTRICT_DAYS.max)) fields.days = 'sanction_days';
  if (Object.keys(fields).length > 0) throw invalidInput(fields);
  if (input.userId === input.moderatorId) throw sanctionNotAllowed();

  return ctx.db.transaction().execute(async (trx) => {
    const target = await findUserByIdForUpdate(trx, input.userId);
    if (!target) throw userNotFound();
    const actor = await findUserById(trx, input.moderatorId);
    if (!actor || RANK[target.role] >= RANK[actor.role]) throw sanctionNotAllowed();
    const now = ctx.now();
    const endsAt = input.kind === 'restrict' ? new Date(now.getTime() + input.days! * DAY_MS) : null;
    const sanction = await insertSanction(trx, {
      id: randomUUID(),
      userId: target.id,
      kind: input.kind,
      rule: input.rule,
      reason: input.reason.trim(),
      imposedBy: input.moderatorId,
      imposedAt: now,
      endsAt,
    });
    let revoked: string[] = [];
    if (input.kind === 'freeze') {
      await setFrozen(trx, target.id, now);
      revoked = await revokeUserSessions(trx, target.id, 'frozen', now);
    }
    await insertAudit(trx, {
      id: randomUUID(),
      actorId: input.moderatorId,
      at: now,
      action: `sanction.${input.kind}`,
      targetUserId: target.id,
      before: null,
      after: { ...snapshot(sanction), ...(revoked.length > 0 ? { sessionsRevoked: revoked.length } : {}) },
      reason: sanction.reason,
    });
    await enqueueEvent(trx, sanctionImposed(sanction, meta.correlationId));
    return { sanction, revoked };
  });
}

/** Ends a sanction in one transaction (unfreezing the account when no other freeze remains). */
async function lift(trx: Db, s: SanctionRow, by: string, reason: string, now: Date, appealId: string | null, meta: RequestMeta): Promise<SanctionRow> {
  const lifted = await markLifted(trx, s.id, by, reason, now);
  if (s.kind === 'freeze' && (await activeFreezes(trx, s.user_id)) === 0) await setFrozen(trx, s.user_id, null);
  await enqueueEvent(trx, sanctionLifted(lifted, appealId, meta.correlationId));
  return lifted;
}

/** A moderator ends a sanction before its time (a mistake, new facts). */
export async function liftSanction(ctx: Ctx, input: { sanctionId: string; reason: string; moderatorId: string }, meta: RequestMeta = {}): Promise<SanctionRow> {
  const reasonBad = reasonProblem(input.reason);
  if (reasonBad) throw invalidInput({ reason: reasonBad });
  return ctx.db.transaction().execute(async (trx) => {
    const s = await findSanctionForUpdate(trx, input.sanctionId);
    if (!s) throw sanctionNotFound();
    const now = ctx.now();
    if (!inForce(s, now)) throw sanctionInactive();
    const lifted = await lift(trx, s, input.moderatorId, input.reason.trim(), now, null, meta);
    await insertAudit(trx, { id: randomUUID(), actorId: input.moderatorId, at: now, action: 'sanction.lift', targetUserId: s.user_id, before: snapshot(s), after: snapshot(lifted), reason: input.reason.trim() });
    return lifted;
  });
}

/** What the gateway needs to allow or refuse posting: the restriction in force, if any. */
export async function standingOf(ctx: Ctx, userId: string): Promise<{ restriction: SanctionRow | null; frozen: boolean }> {
  const user = await findUserById(ctx.db, userId);
  if (!user) throw userNotFound();
  const restriction = (await activeRestriction(ctx.db, userId, ctx.now())) ?? null;
  return { restriction, frozen: user.frozen_at !== null };
}

/** A user's sanctions, newest first, each with its appeal if any. */
export async function sanctionRecord(ctx: Ctx, userId: string): Promise<{ sanction: SanctionRow; appeal: AppealRow | null }[]> {
  const [sanctions, appeals] = await Promise.all([sanctionsOf(ctx.db, userId), appealsOf(ctx.db, userId)]);
  const bySanction = new Map(appeals.map((a) => [a.sanction_id, a]));
  return sanctions.map((sanction) => ({ sanction, appeal: bySanction.get(sanction.id) ?? null }));
}

/** The user appeals one of their sanctions still in force, once. */
export async function appealSanction(ctx: Ctx, input: { userId: string; sanctionId: string; text: string }): Promise<AppealRow> {
  const n = charLength(input.text.trim());
  if (n < APPEAL_TEXT.min || n > APPEAL_TEXT.max) throw invalidInput({ text: 'appeal_length' });
  return ctx.db.transaction().execute(async (trx) => {
    const s = await findSanctionForUpdate(trx, input.sanctionId);
    // Someone else's sanction is "not found" to this user.
    if (!s || s.user_id !== input.userId) throw sanctionNotFound();
    const now = ctx.now();
    if (!inForce(s, now)) throw sanctionInactive();
    const appeal = await insertAppeal(trx, { id: randomUUID(), sanctionId: s.id, userId: s.user_id, text: input.text.trim(), at: now });
    if (!appeal) throw appealExists();
    return appeal;
  });
}

/**
 * A second moderator decides an appeal: `lift` ends the sanction, `uphold` keeps it. The
 * moderator who imposed the sanction is refused, so every appeal gets a second pair of eyes.
 */
export async function decideAppeal(
  ctx: Ctx,
  input: { appealId: string; decision: AppealDecision; reason: string; moderatorId: string },
  meta: RequestMeta = {},
): Promise<{ appeal: AppealRow; sanction: SanctionRow }> {
  const reasonBad = reasonProblem(input.reason);
  if (reasonBad) throw invalidInput({ reason: reasonBad });
  const reason = input.reason.trim();
  return ctx.db.transaction().execute(async (trx) => {
    const appeal = await findAppealForUpdate(trx, input.appealId);
    if (!appeal) throw appealNotFound();
    if (appeal.decision !== null) throw appealDecided();
    const s = await findSanctionForUpdate(trx, appeal.sanction_id);
    if (!s) throw appealNotFound();
    if (s.imposed_by === input.moderatorId) throw appealSameModerator();
    const now = ctx.now();
    const decided = await decideAppealRow(trx, appeal.id, { decision: input.decision, by: input.moderatorId, reason, at: now });
    // An appeal of a sanction that has ended meanwhile is decided, but there is nothing to lift.
    const sanction = input.decision === 'lift' && inForce(s, now) ? await lift(trx, s, input.moderatorId, reason, now, appeal.id, meta) : s;
    if (input.decision === 'uphold') await enqueueEvent(trx, appealRejected(decided, meta.correlationId));
    await insertAudit(trx, {
      id: randomUUID(),
      actorId: input.moderatorId,
      at: now,
      action: `appeal.${input.decision}`,
      targetUserId: s.user_id,
      before: snapshot(s),
      after: { ...snapshot(sanction), appealId: appeal.id },
      reason,
    });
    return { appeal: decided, sanction };
  });
}

/** Appeals for the moderators' list, each with its sanction. */
export async function appealQueue(
  ctx: Ctx,
  q: { open: boolean; page: number; limit: number },
): Promise<{ items: { appeal: ListedAppeal; sanction: SanctionRow }[]; total: number }> {
  const { rows, total } = await listAppeals(ctx.db, { open: q.open, offset: (q.page - 1) * q.limit, limit: q.limit });
  const sanctions = await findSanctions(
    ctx.db,
    rows.map((r) => r.sanction_id),
  );
  return { items: rows.flatMap((appeal) => (sanctions.has(appeal.sanction_id) ? [{ appeal, sanction: sanctions.get(appeal.sanction_id)! }] : [])), total };
}
