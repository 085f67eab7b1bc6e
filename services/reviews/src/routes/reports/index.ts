import type { FastifyInstance } from 'fastify';
import type { Static } from 'typebox';
import type { ReviewsDeps } from '../../deps.ts';
import { auditLog, decideReports, fileReport, moderationWork, reporterReports, type QueueItem } from '../../domain/reports.ts';
import type { AuditRow } from '../../store/audit.store.ts';
import type { ReportRow } from '../../store/report.store.ts';
import { LogEntryDto, LogPage, LogQuery, PageOnly, ReportBody, ReportDecisionBody, ReportDecisionDto, ReportDto, ReportPage, ReporterParams, WorkItemDto, WorkPage } from './schemas.ts';

const toReportDto = (r: ReportRow): Static<typeof ReportDto> => ({
  id: r.id,
  targetKind: r.target_kind,
  targetId: r.target_id,
  reason: r.reason,
  text: r.text,
  excerpt: r.excerpt,
  contextId: r.context_id,
  status: r.status,
  createdAt: r.created_at.toISOString(),
  closedAt: r.closed_at ? r.closed_at.toISOString() : null,
});

const toWorkDto = (i: QueueItem): Static<typeof WorkItemDto> => ({
  source: i.source,
  targetKind: i.target_kind,
  targetId: i.target_id,
  severity: i.severity,
  since: i.since.toISOString(),
  reports: i.reports,
  reasons: i.reasons,
  texts: i.texts,
  excerpt: i.excerpt,
  author: i.author,
  contextId: i.contextId,
  reviewStatus: i.reviewStatus,
  record: i.record,
  signals: i.signals,
});

export const toLogEntryDto = (a: AuditRow): Static<typeof LogEntryDto> => ({
  id: a.id,
  moderatorId: a.moderator_id,
  action: a.decision,
  targetKind: a.target_kind,
  targetId: a.target_id,
  reason: a.reason,
  rule: a.rule,
  before: a.before,
  after: a.after,
  at: a.at.toISOString(),
});

/** Reports (any signed-in user, as the gateway vouches), the one moderation queue and the audit log (admins). */
export async function reportRoutes(app: FastifyInstance, deps: ReviewsDeps): Promise<void> {
  app.post<{ Body: Static<typeof ReportBody> }>('/v1/reports', { schema: { body: ReportBody, response: { 200: ReportDto } } }, async (request) => {
    const b = request.body;
    const row = await fileReport(deps, {
      reporterId: b.userId.toLowerCase(),
      targetKind: b.targetKind,
      targetId: b.targetId,
      reason: b.reason,
      text: b.text,
      snapshot: b.snapshot ? { ...b.snapshot, authorId: b.snapshot.authorId.toLowerCase() } : undefined,
    });
    return toReportDto(row);
  });

  app.get<{ Params: Static<typeof ReporterParams>; Querystring: Static<typeof PageOnly> }>(
    '/v1/users/:userId/reports',
    { config: { callerParam: 'userId' }, schema: { params: ReporterParams, querystring: PageOnly, response: { 200: ReportPage } } },
    async (request) => {
      const { rows, total } = await reporterReports(deps, request.params.userId.toLowerCase(), request.query);
      return { items: rows.map(toReportDto), total };
    },
  );

  app.get<{ Querystring: Static<typeof PageOnly> }>(
    '/v1/moderation/work',
    { config: { callerRole: 'moderator' }, schema: { querystring: PageOnly, response: { 200: WorkPage } } },
    async (request) => {
      const { items, total } = await moderationWork(deps, request.query);
      return { items: items.map(toWorkDto), total };
    },
  );

  app.post<{ Body: Static<typeof ReportDecisionBody> }>(
    '/v1/moderation/reports/decide',
    { config: { callerRole: 'moderator' }, schema: { body: ReportDecisionBody, response: { 200: ReportDecisionDto } } },
    async (request) => {
      const b = request.body;
      const { audit, closed } = await decideReports(
        deps,
        { targetKind: b.targetKind, targetId: b.targetId, action: b.action, moderatorId: b.moderatorId.toLowerCase(), reason: b.reason, rule: b.rule },
        { correlationId: request.id },
      );
      deps.relay.poke();
      return { audit: toLogEntryDto(audit), closed };
    },
  );

  app.get<{ Querystring: Static<typeof LogQuery> }>(
    '/v1/moderation/audit-log',
    { config: { callerRole: 'moderator' }, schema: { querystring: LogQuery, response: { 200: LogPage } } },
    async (request) => {
      const q = request.query;
      const { rows, total } = await auditLog(
        deps,
        { moderatorId: q.actor?.toLowerCase(), action: q.action, targetKind: q.targetKind, from: q.from ? new Date(q.from) : undefined, to: q.to ? new Date(q.to) : undefined },
        { page: q.page, limit: q.limit },
      );
      return { items: rows.map(toLogEntryDto), total };
    },
  );
}
