import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Static } from 'typebox';
import { hasRole } from '@brokerwise/service-kit';
import type { ReviewsDeps } from '../../deps.ts';
import {
  closeComplaint,
  collectLooseEvidence,
  companyComplaintFigures,
  complaintsOf,
  complaintView,
  decideComplaint,
  evidenceCountsOf,
  evidenceFile,
  openComplaint,
  pendingComplaints,
  postComplaintMessage,
  publishedComplaints,
  registerEvidence,
  removeComplaintMessage,
  sweepComplaintClocks,
  type Viewer,
} from '../../domain/complaints.ts';
import { companyDashboard } from '../../domain/dashboard.ts';
import { workingDaysLeft } from '../../domain/working-days.ts';
import type { ComplaintMessageRow, ComplaintRow, EvidenceRow } from '../../store/complaint.store.ts';
import {
  CloseBody,
  CompanyParams,
  ComplaintDto,
  ComplaintList,
  ComplaintPage,
  DashboardDto,
  DashboardParams,
  DecideBody,
  EvidenceBody,
  EvidenceDto,
  EvidenceParams,
  FiguresDto,
  IdParams,
  ListQuery,
  MessageBody,
  MessageDto,
  OpenBody,
  PostedDto,
  QueueQuery,
  RemoveBody,
  RulesDto,
  SweepDto,
  UserParams,
  ViewDto,
  ViewerQuery,
} from './schemas.ts';

const iso = (d: Date | null) => d?.toISOString() ?? null;

/**
 * Complaint cases (ADR 031): the author's side (open, own list, evidence), the public list and
 * case page, the thread, the moderators' queue and decisions, and a company's figures.
 */
export async function complaintRoutes(app: FastifyInstance, deps: ReviewsDeps): Promise<void> {
  const toDto = (c: ComplaintRow, evidenceCount: number): Static<typeof ComplaintDto> => ({
    id: c.id,
    companyId: c.company_id,
    userId: c.user_id,
    username: c.username,
    category: c.category,
    amount: Number(c.amount).toFixed(2),
    currency: c.currency,
    text: c.text,
    status: c.status,
    rejectReason: c.reject_reason,
    createdAt: c.created_at.toISOString(),
    publishedAt: iso(c.published_at),
    dueAt: iso(c.due_at),
    // Whose turn it is says whose clock this is: the company's (awaiting_company) or the author's (awaiting_user).
    workingDaysLeft: (c.status === 'awaiting_company' || c.status === 'awaiting_user') && c.due_at ? workingDaysLeft(deps.now(), c.due_at, deps.complaintClock.holidays) : null,
    firstResponseAt: iso(c.first_response_at),
    closedAt: iso(c.closed_at),
    closedBy: c.closed_by,
    evidenceCount,
  });
  const messageDto = (m: ComplaintMessageRow): Static<typeof MessageDto> => ({
    id: m.id,
    authorId: m.author_id,
    side: m.side,
    text: m.removed_at ? null : m.text,
    createdAt: m.created_at.toISOString(),
    removed: m.removed_at !== null,
  });
  const evidenceDto = (e: EvidenceRow): Static<typeof EvidenceDto> => ({
    id: e.id,
    name: e.name,
    contentType: e.content_type,
    size: e.size,
    sha256: e.sha256,
    key: e.object_key,
    createdAt: e.created_at.toISOString(),
  });
  const listDtos = async (rows: ComplaintRow[]) => {
    const counts = await evidenceCountsOf(deps, rows);
    return rows.map((r) => toDto(r, counts.get(r.id) ?? 0));
  };
  const oneDto = async (row: ComplaintRow) => (await listDtos([row]))[0]!;
  const viewerOf = (request: FastifyRequest<{ Querystring: Static<typeof ViewerQuery> }>): Viewer => {
    const q = request.query;
    const caller = request.caller;
    return {
      userId: q.viewer?.toLowerCase(),
      companyIds: (q.companies ?? '').split(',').filter(Boolean),
      moderator: q.staff === true && (!caller || hasRole(caller.role, 'moderator')),
    };
  };

  type User = { Params: Static<typeof UserParams> };
  app.post<User & { Body: Static<typeof OpenBody> }>(
    '/v1/users/:userId/complaints',
    { config: { callerParam: 'userId' }, schema: { params: UserParams, body: OpenBody, response: { 200: ComplaintDto } } },
    async (request) => {
      const b = request.body;
      const row = await openComplaint(deps, { ...b, userId: request.params.userId.toLowerCase() });
      return toDto(row, b.evidenceIds.length);
    },
  );

  app.get<User>('/v1/users/:userId/complaints', { config: { callerParam: 'userId' }, schema: { params: UserParams, response: { 200: ComplaintList } } }, async (request) => ({
    items: await listDtos(await complaintsOf(deps, request.params.userId.toLowerCase())),
  }));

  app.post<User & { Body: Static<typeof EvidenceBody> }>(
    '/v1/users/:userId/complaint-evidence',
    { config: { callerParam: 'userId' }, schema: { params: UserParams, body: EvidenceBody, response: { 200: EvidenceDto } } },
    async (request) => evidenceDto(await registerEvidence(deps, { ...request.body, uploaderId: request.params.userId.toLowerCase() })),
  );

  app.get<{ Querystring: Static<typeof ListQuery> }>('/v1/complaints', { schema: { querystring: ListQuery, response: { 200: ComplaintPage } } }, async (request) => {
    const q = request.query;
    const { rows, total } = await publishedComplaints(deps, { companyId: q.companyId, status: q.status }, { page: q.page, limit: q.limit });
    return { items: await listDtos(rows), total };
  });

  app.get<{ Params: Static<typeof IdParams>; Querystring: Static<typeof ViewerQuery> }>(
    '/v1/complaints/:id',
    { schema: { params: IdParams, querystring: ViewerQuery, response: { 200: ViewDto } } },
    async (request) => {
      const v = await complaintView(deps, request.params.id, viewerOf(request));
      return {
        complaint: toDto(v.complaint, v.evidence.length),
        messages: v.messages.map(messageDto),
        evidence: v.rights.seeEvidence ? v.evidence.map(evidenceDto) : [],
        rights: v.rights,
      };
    },
  );

  app.get<{ Params: Static<typeof EvidenceParams>; Querystring: Static<typeof ViewerQuery> }>(
    '/v1/complaints/:id/evidence/:evidenceId',
    { schema: { params: EvidenceParams, querystring: ViewerQuery, response: { 200: EvidenceDto } } },
    async (request) => evidenceDto(await evidenceFile(deps, request.params.id, request.params.evidenceId, viewerOf(request))),
  );

  app.post<{ Params: Static<typeof IdParams>; Body: Static<typeof MessageBody> }>(
    '/v1/complaints/:id/messages',
    { schema: { params: IdParams, body: MessageBody, response: { 200: PostedDto } } },
    async (request) => {
      const b = request.body;
      const { complaint, message } = await postComplaintMessage(
        deps,
        { complaintId: request.params.id, userId: b.userId.toLowerCase(), companyIds: b.companyIds, representativeIds: b.representativeIds, text: b.text },
        { correlationId: request.id },
      );
      deps.relay.poke();
      return { complaint: await oneDto(complaint), message: messageDto(message) };
    },
  );

  app.post<{ Params: Static<typeof IdParams>; Body: Static<typeof CloseBody> }>(
    '/v1/complaints/:id/close',
    { schema: { params: IdParams, body: CloseBody, response: { 200: ComplaintDto } } },
    async (request) => {
      const row = await closeComplaint(deps, { complaintId: request.params.id, userId: request.body.userId.toLowerCase(), action: request.body.action }, { correlationId: request.id });
      deps.relay.poke();
      return oneDto(row);
    },
  );

  app.get<{ Querystring: Static<typeof QueueQuery> }>(
    '/v1/moderation/complaints',
    { config: { callerRole: 'moderator' }, schema: { querystring: QueueQuery, response: { 200: ComplaintPage } } },
    async (request) => {
      const { rows, total } = await pendingComplaints(deps, request.query);
      return { items: await listDtos(rows), total };
    },
  );

  app.post<{ Params: Static<typeof IdParams>; Body: Static<typeof DecideBody> }>(
    '/v1/moderation/complaints/:id',
    { config: { callerRole: 'moderator' }, schema: { params: IdParams, body: DecideBody, response: { 200: ComplaintDto } } },
    async (request) => {
      const b = request.body;
      const row = await decideComplaint(
        deps,
        { complaintId: request.params.id, moderatorId: b.moderatorId.toLowerCase(), decision: b.decision, reason: b.reason, representativeIds: b.representativeIds },
        { correlationId: request.id },
      );
      deps.relay.poke();
      return oneDto(row);
    },
  );

  app.post<{ Params: Static<typeof IdParams>; Body: Static<typeof RemoveBody> }>(
    '/v1/moderation/complaint-messages/:id/remove',
    { config: { callerRole: 'moderator' }, schema: { params: IdParams, body: RemoveBody, response: { 200: MessageDto } } },
    async (request) => messageDto(await removeComplaintMessage(deps, { messageId: request.params.id, moderatorId: request.body.moderatorId.toLowerCase(), reason: request.body.reason })),
  );

  /** The clocks' lengths as this service is configured (ADR 031): the web states them. */
  app.get('/v1/complaints/rules', { schema: { response: { 200: RulesDto } } }, async () => ({
    companyDays: deps.complaintClock.days,
    authorDays: deps.complaintClock.userDays,
    reminderDays: deps.complaintClock.reminderDays,
  }));

  app.get<{ Params: Static<typeof CompanyParams> }>(
    '/v1/companies/:companyId/complaint-figures',
    { schema: { params: CompanyParams, response: { 200: FiguresDto } } },
    async (request) => companyComplaintFigures(deps, request.params.companyId),
  );

  // The gateway lets only the company's verified representatives (and admins) see it.
  app.get<{ Params: Static<typeof DashboardParams> }>(
    '/v1/companies/:companyId/dashboard',
    { schema: { params: DashboardParams, response: { 200: DashboardDto } } },
    async (request) => {
      const d = await companyDashboard(deps, request.params.companyId);
      return {
        trend: d.trend,
        latest: d.latest.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
        open: await listDtos(d.open),
      };
    },
  );

  /** The sweeper on demand (operators, and tests with a moved clock); it also runs on a timer. */
  app.post('/v1/moderation/complaints/sweep', { config: { callerRole: 'admin' }, schema: { response: { 200: SweepDto } } }, async () => {
    const result = await sweepComplaintClocks(deps);
    deps.relay.poke();
    return { ...result, evidence: await collectLooseEvidence(deps, deps.looseEvidenceMaxAgeMs) };
  });
}
