import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, isAppError } from '@brokerwise/errors';
import {
  operations,
  REPORT_REASONS,
  type AdminRemovalAppeal,
  type AuditLogEntry,
  type ModerationItem,
  type Page,
  type RemovalAppeal,
  type UserRemoval,
  type Validated,
} from '@brokerwise/api-contract';
import type { UserReport } from '@brokerwise/api-contract';
import type { CatalogueClient } from '../clients/catalogue.client.ts';
import type { IdentityClient } from '../clients/identity.client.ts';
import type { MediaClient } from '../clients/media.client.ts';
import type { LogEntryRecord, RemovalAppealItem, RemovalAppealRecord, ReportSnapshot, ReportTargetKind, ReviewsClient } from '../clients/reviews.client.ts';
import { companiesOfReviews } from '../domain/reviews.ts';
import { requireRole } from '../http/admin-guard.ts';
import { contractSchema } from '../http/contract-schema.ts';
import { now } from '../http/envelope.ts';
import type { Sessions } from '../http/session.ts';
import { message } from '../i18n/messages.ts';

export interface ModerationDeps {
  reviews: ReviewsClient;
  media: MediaClient;
  identity: IdentityClient;
  catalogue: CatalogueClient;
  sessions: Sessions;
}

const PAGE_SIZE = 20;

const send = <T>(request: FastifyRequest, reply: FastifyReply, code: string, data: T) =>
  reply.header('cache-control', 'no-store').send({ code: 1, msg: message(code, request.lang), time: now(), data });

/** Unknown, or gone for good (a post a moderator removed or its author deleted answers 410). */
const notFound = (err: unknown) => isAppError(err) && (err.kind === 'not_found' || err.kind === 'gone');

/** What the author sees of an appeal against a removal: no moderator ids. */
const removalAppealOf = (a: RemovalAppealRecord): RemovalAppeal => ({
  id: a.id,
  text: a.text,
  createdAt: a.createdAt,
  decision: a.decision,
  decidedAt: a.decidedAt,
  decisionReason: a.decisionReason,
});
const targetGone = () => new AppError({ code: 'reviews.target_not_found', kind: 'not_found', message: 'Nothing to report there' });

/** A day (YYYY-MM-DD, UTC) as an instant; `to` days are inclusive, so their end is the next midnight. */
function dayStart(day: string | undefined, field: string, plusDays = 0): string | undefined {
  if (!day) return undefined;
  const t = Date.parse(`${day}T00:00:00Z`);
  if (Number.isNaN(t)) throw new AppError({ code: 'validation_failed', kind: 'validation', message: 'Invalid date', fields: { [field]: 'invalid' } });
  return new Date(t + plusDays * 86_400_000).toISOString();
}

/** Posts live under /blog (image-text) or /vlog (video); `context` is `<kind>:<postId>`. */
function postLink(context: string | null): string | null {
  const [kind, postId] = (context ?? '').split(':');
  if (!postId) return null;
  return `${kind === 'image_text' ? '/blog/detail' : '/vlog/detail'}?id=${encodeURIComponent(postId)}`;
}

/**
 * Trust and safety (issue 17): any signed-in user reports a review, post, comment or profile;
 * admins work one queue of reported content and pending reviews, and read the audit log.
 * The reviews service keeps reports, decisions and the log; media deletes removed posts/comments.
 */
export async function moderationRoutes(app: FastifyInstance, deps: ModerationDeps): Promise<void> {
  const { reviews, media, identity, catalogue, sessions } = deps;
  // Moderators (and admins) work the queue and read the log.
  const requireModerator = requireRole(sessions, identity, 'moderator');

  /** Where each target is on the site: companies' slugs with one catalogue call. */
  const linker = async (items: { targetKind: ReportTargetKind; targetId: string; contextId: string | null }[], rid: string) => {
    const companyIds = items.filter((i) => i.targetKind === 'review' && i.contextId).map((i) => ({ companyId: i.contextId! }));
    const companies = await companiesOfReviews(catalogue, companyIds, rid);
    return (i: { targetKind: ReportTargetKind; targetId: string; contextId: string | null }): string | null => {
      switch (i.targetKind) {
        case 'review': {
          const c = i.contextId ? companies.get(i.contextId) : undefined;
          return c ? `/detail?id=${encodeURIComponent(c.slug)}` : null;
        }
        case 'post':
        case 'comment':
          return postLink(i.contextId);
        case 'profile':
          return `/vlog/personal?uid=${encodeURIComponent(i.targetId)}`;
      }
    };
  };

  /** What a post, comment or profile says and who wrote it, read now (reviews the service reads itself). */
  const snapshotOf = async (kind: ReportTargetKind, id: string, rid: string): Promise<ReportSnapshot | undefined> => {
    try {
      if (kind === 'post') {
        const p = await media.detail(id, undefined, rid);
        return { authorId: p.authorId, authorName: '', excerpt: [p.title, p.description].filter(Boolean).join(' — '), contextId: `${p.kind}:${p.id}` };
      }
      if (kind === 'comment') {
        const c = await media.commentById(id, rid);
        const post = await media.detail(c.postId, undefined, rid);
        return { authorId: c.userId, authorName: '', excerpt: c.text, contextId: `${post.kind}:${post.id}` };
      }
      if (kind === 'profile') {
        const u = await identity.user(id, rid);
        return { authorId: u.id, authorName: u.username, excerpt: [u.username, u.motto].filter(Boolean).join(' — '), contextId: null };
      }
      return undefined;
    } catch (err) {
      // A malformed id, an unknown one or a post not public: nothing to report there.
      if (notFound(err) || (isAppError(err) && err.kind === 'validation')) throw targetGone();
      throw err;
    }
  };

  app.post<{ Body: Validated<typeof operations.report.body> }>('/api/report', { schema: contractSchema('report') }, async (request, reply) => {
    const user = await sessions.require(request);
    const b = request.body;
    const snapshot = await snapshotOf(b.targetKind, b.targetId, request.id);
    if (snapshot && !snapshot.authorName) {
      const { items } = await identity.userCards([snapshot.authorId], request.id);
      snapshot.authorName = items[0]?.username ?? '';
    }
    const r = await reviews.report({ userId: user.userId, targetKind: b.targetKind, targetId: b.targetId, reason: b.reason, text: b.text, snapshot }, request.id);
    const link = await linker([r], request.id);
    const data: UserReport = { ...r, link: link(r) };
    return send(request, reply, 'report.filed', data);
  });

  app.get<{ Querystring: Validated<typeof operations.myReports.query> }>('/api/user/reports', { schema: contractSchema('myReports') }, async (request, reply) => {
    const user = await sessions.require(request);
    const { items, total } = await reviews.reportsOf(user.userId, { page: request.query.page, limit: PAGE_SIZE }, request.id);
    const link = await linker(items, request.id);
    const data: Page<UserReport> = { list: items.map((r) => ({ ...r, link: link(r) })), total, page: request.query.page, limit: PAGE_SIZE };
    return send(request, reply, 'ok', data);
  });

  app.get<{ Querystring: Validated<typeof operations.adminModerationQueue.query> }>('/api/admin/moderation/queue', { schema: contractSchema('adminModerationQueue') }, async (request, reply) => {
    await requireModerator(request);
    const { items, total } = await reviews.moderationWork({ page: request.query.page, limit: PAGE_SIZE }, request.id);
    const link = await linker(items, request.id);
    const list: ModerationItem[] = items.map((i) => ({
      source: i.source,
      targetKind: i.targetKind,
      targetId: i.targetId,
      severity: i.severity,
      since: i.since,
      reports: i.reports,
      reasons: i.reasons,
      texts: i.texts,
      excerpt: i.excerpt,
      author: i.author ? { id: i.author.id, username: i.author.name } : null,
      record: i.record,
      link: link(i),
      reviewStatus: i.reviewStatus,
      signals: i.signals,
    }));
    return send(request, reply, 'ok', { list, total, page: request.query.page, limit: PAGE_SIZE } satisfies Page<ModerationItem>);
  });

  const presentEntry = (a: LogEntryRecord, names: Map<string, string>): AuditLogEntry => ({
    id: a.id,
    moderator: { id: a.moderatorId, username: names.get(a.moderatorId) ?? '' },
    action: a.action,
    targetKind: a.targetKind,
    targetId: a.targetId,
    reason: a.reason,
    rule: a.rule,
    before: a.before,
    after: a.after,
    at: a.at,
  });

  app.post<{ Body: Validated<typeof operations.adminModerationDecide.body> }>('/api/admin/moderation/decide', { schema: contractSchema('adminModerationDecide') }, async (request, reply) => {
    const me = await requireModerator(request);
    const b = request.body;
    const reason = (b.reason ?? '').trim();
    const rule = b.rule ?? '';
    if (b.action === 'remove' && (b.targetKind === 'post' || b.targetKind === 'comment')) {
      // Checked before media deletes anything: the same rules the reviews service applies after.
      const fields: Record<string, string> = {};
      if (!reason) fields.reason = 'removal_reason_required';
      else if ([...reason].length > 500) fields.reason = 'removal_reason_length';
      if (!(REPORT_REASONS as readonly string[]).includes(rule)) fields.rule = 'removal_rule';
      if (Object.keys(fields).length > 0) throw new AppError({ code: 'reviews.validation', kind: 'validation', message: 'Invalid input', fields });
      // Already gone (its author deleted it): the reports are still actioned.
      await media.moderatorRemove(b.targetKind, b.targetId, rule, request.id).catch((err: unknown) => {
        if (!notFound(err)) throw err;
      });
    }
    const { audit } = await reviews.decideReports(
      { moderatorId: me.id, targetKind: b.targetKind, targetId: b.targetId, action: b.action, reason: b.reason, rule: b.rule },
      request.id,
    );
    return send(request, reply, b.action === 'remove' ? 'admin.content_removed' : 'admin.reports_dismissed', presentEntry(audit, new Map([[me.id, me.username]])));
  });

  // --- Appeals against a content removal (a second moderator restores or keeps it removed) ----

  app.get('/api/user/removals', { schema: contractSchema('myRemovals') }, async (request, reply) => {
    const user = await sessions.require(request, { frozen: true });
    const { items } = await reviews.removalsOf(user.userId, request.id);
    const link = await linker(items, request.id);
    const data: UserRemoval[] = items.map((r) => ({
      removalId: r.removalId,
      targetKind: r.targetKind,
      targetId: r.targetId,
      excerpt: r.excerpt,
      reason: r.reason,
      rule: r.rule,
      removedAt: r.removedAt,
      status: r.status,
      link: link(r),
      appeal: r.appeal && removalAppealOf(r.appeal),
    }));
    return send(request, reply, 'ok', data);
  });

  app.post<{ Body: Validated<typeof operations.removalAppeal.body> }>('/api/user/removalAppeal', { schema: contractSchema('removalAppeal') }, async (request, reply) => {
    const user = await sessions.require(request, { frozen: true });
    const a = await reviews.appealRemoval(user.userId, { removalId: request.body.removalId, text: request.body.text }, request.id);
    return send(request, reply, 'user.removal_appeal_sent', removalAppealOf(a));
  });

  /** Staff's view of removal appeals: names from identity, company links from the catalogue. */
  const presentRemovalAppeals = async (items: RemovalAppealItem[], rid: string): Promise<AdminRemovalAppeal[]> => {
    const ids = [...new Set(items.flatMap((i) => [i.appeal.userId, i.appeal.removedBy]))];
    const cards = ids.length > 0 ? (await identity.userCards(ids, rid)).items : [];
    const names = new Map(cards.map((c) => [c.id, c.username]));
    const person = (id: string) => ({ id, username: names.get(id) ?? '' });
    // A review, post or comment (ADR 026); `target` is what the removal took down, as it is now.
    const where = (i: RemovalAppealItem) => ({ targetKind: i.appeal.targetKind, targetId: i.appeal.targetId, contextId: i.target.contextId });
    const link = await linker(items.map(where), rid);
    return items.map((i) => ({
      ...removalAppealOf(i.appeal),
      user: person(i.appeal.userId),
      removedBy: person(i.appeal.removedBy),
      removal: { reason: i.removal?.reason ?? '', rule: i.removal?.rule ?? '', at: i.removal?.at ?? i.appeal.createdAt },
      targetKind: i.appeal.targetKind,
      targetId: i.appeal.targetId,
      excerpt: i.target.excerpt,
      status: i.target.status,
      link: link(where(i)),
    }));
  };

  app.get<{ Querystring: Validated<typeof operations.adminRemovalAppeals.query> }>('/api/admin/removalAppeals', { schema: contractSchema('adminRemovalAppeals') }, async (request, reply) => {
    await requireModerator(request);
    const page = request.query.page ?? 1;
    const { items, total } = await reviews.removalAppeals({ status: request.query.status ?? 'open', page, limit: PAGE_SIZE }, request.id);
    const data: Page<AdminRemovalAppeal> = { list: await presentRemovalAppeals(items, request.id), total, page, limit: PAGE_SIZE };
    return send(request, reply, 'ok', data);
  });

  app.post<{ Body: Validated<typeof operations.adminDecideRemovalAppeal.body> }>('/api/admin/removalAppeals/decide', { schema: contractSchema('adminDecideRemovalAppeal') }, async (request, reply) => {
    const me = await requireModerator(request);
    const b = request.body;
    // A post or comment is shown again by media, from the event the decision queues (ADR 026).
    const decided = await reviews.decideRemovalAppeal(b.appealId, { moderatorId: me.id, decision: b.decision, reason: b.reason }, request.id);
    const [data] = await presentRemovalAppeals([decided], request.id);
    return send(request, reply, b.decision === 'restore' ? 'admin.removal_restored' : 'admin.removal_upheld', data!);
  });

  app.get<{ Querystring: Validated<typeof operations.adminAuditLog.query> }>('/api/admin/audit', { schema: contractSchema('adminAuditLog') }, async (request, reply) => {
    await requireModerator(request);
    const q = request.query;
    const { items, total } = await reviews.auditLog(
      { page: q.page, limit: PAGE_SIZE, actor: q.actor?.toLowerCase(), action: q.action, targetKind: q.targetKind, from: dayStart(q.from, 'from'), to: dayStart(q.to, 'to', 1) },
      request.id,
    );
    const moderators = [...new Set(items.map((a) => a.moderatorId))];
    const cards = moderators.length > 0 ? (await identity.userCards(moderators, request.id)).items : [];
    const names = new Map(cards.map((c) => [c.id, c.username]));
    const data: Page<AuditLogEntry> = { list: items.map((a) => presentEntry(a, names)), total, page: q.page, limit: PAGE_SIZE };
    return send(request, reply, 'ok', data);
  });
}
