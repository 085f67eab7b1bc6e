import { randomUUID, createHash } from 'node:crypto';
import {
  operations,
  type ComplaintCard,
  type ComplaintCase,
  type ComplaintMessage,
  type ComplaintRules,
  type CompanyComplaintFigures,
  type CompanyDashboard,
  type Lang,
  type Page,
  type UploadedComplaintEvidence,
  type Validated,
} from '@brokerwise/api-contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, isAppError } from '@brokerwise/errors';
import { hasRole, type StaffRole } from '@brokerwise/service-kit';
import { documentKind, type ObjectStore } from '@brokerwise/storage';
import type { CatalogueClient, CatalogueCompany } from '../clients/catalogue.client.ts';
import type { IdentityClient } from '../clients/identity.client.ts';
import type { ComplaintMessageRecord, ComplaintRecord, ComplaintViewer, ComplaintViewRecord, ReviewsClient } from '../clients/reviews.client.ts';
import { companiesOfReviews } from '../domain/reviews.ts';
import { actAsStaff } from '../http/acting.ts';
import { requireRole } from '../http/admin-guard.ts';
import { contractSchema } from '../http/contract-schema.ts';
import { RecentAnswers, sendOkJson } from '../http/cached.ts';
import { dataSerializer } from '../http/contract-schema.ts';
import { now } from '../http/envelope.ts';
import { readMultipartFile } from '../http/multipart.ts';
import type { PageParts } from '../http/page-parts.ts';
import type { PostingGuard } from '../http/posting.ts';
import type { Sessions } from '../http/session.ts';
import { message } from '../i18n/messages.ts';

export interface ComplaintDeps {
  identity: IdentityClient;
  catalogue: CatalogueClient;
  reviews: ReviewsClient;
  sessions: Sessions;
  /** Opening a case and writing in its thread is posting: a restricted user is refused. */
  posting: PostingGuard;
  /** Evidence files go here under `complaint-evidence/`, which /media never serves. */
  objects: ObjectStore;
  /** Public case lists and figures, kept a few seconds (forgotten on every write). */
  recent?: RecentAnswers | undefined;
  /** Where the answers a page's data is made of are registered (ADR 036). */
  parts: PageParts;
}

const PAGE_SIZE = 20;
/** The clocks' lengths change only when reviews is deployed with other settings: kept this long. */
const RULES_TTL_MS = 5 * 60_000;
export const COMPLAINT_EVIDENCE_MAX_BYTES = 10 * 1024 * 1024;
/** The reviews service's field names → the /api ones. */
const FIELD_NAMES: Record<string, string> = { text: 'content', companyId: 'company' };

const send = <T>(request: FastifyRequest, reply: FastifyReply, code: string, data: T) =>
  reply.header('cache-control', 'no-store').send({ code: 1, msg: message(code, request.lang), time: now(), data });

const nameOf = (c: Pick<CatalogueCompany, 'name' | 'nameZh'>, lang: Lang) => (lang === 'zh-cn' && c.nameZh ? c.nameZh : c.name);

/** Field names as the form has them; a malformed id is "no such case". */
const mapped =
  (notFound = 'reviews.complaint_not_found') =>
  (err: unknown): never => {
    if (isAppError(err) && err.code === 'validation_failed') throw new AppError({ code: notFound, kind: 'not_found', message: 'Not found' });
    if (isAppError(err) && err.fields) throw new AppError({ ...err.toJSON(), fields: Object.fromEntries(Object.entries(err.fields).map(([k, v]) => [FIELD_NAMES[k] ?? k, v])) });
    throw err;
  };

const evidenceRefused = (problem: string) =>
  new AppError({
    code: 'complaint.evidence_invalid',
    kind: problem === 'too_large' ? 'too_large' : 'validation',
    message: `Evidence refused: ${problem}`,
    fields: { evidence: problem === 'malformed' ? 'required' : problem },
    params: { max: COMPLAINT_EVIDENCE_MAX_BYTES, maxMb: COMPLAINT_EVIDENCE_MAX_BYTES / 1_048_576 },
  });

/**
 * Complaint cases (issue 19, ADR 031). The reviews service owns the cases, their rules and the
 * thread; identity says who represents which company (read here on each call, so a revoked
 * representative loses access at once); the gateway stores evidence files privately (checked by
 * content) and streams them only to those the reviews service allows.
 */
export async function complaintRoutes(app: FastifyInstance, deps: ComplaintDeps): Promise<void> {
  const { identity, catalogue, reviews, sessions, objects } = deps;
  const recent = deps.recent ?? new RecentAnswers(0);
  const requireModerator = requireRole(sessions, identity, 'moderator');
  const companiesById = (ids: string[], rid: string) => companiesOfReviews(catalogue, ids.map((companyId) => ({ companyId })), rid);

  /** The signed-in viewer, what they represent, and whether staff (the calls then carry the role). */
  const viewerOf = async (request: FastifyRequest, required: boolean): Promise<ComplaintViewer> => {
    const session = required ? await sessions.require(request) : await sessions.optional(request);
    if (!session) return { companyIds: [], staff: false };
    const [me, representing] = await Promise.all([identity.user(session.userId, request.id), identity.representing(session.userId, request.id)]);
    const staff = hasRole(me.role, 'moderator');
    if (staff) actAsStaff(me.role as StaffRole);
    return { userId: session.userId, companyIds: representing.items.map((c) => c.companyId), staff };
  };

  const card = (c: ComplaintRecord, companies: Map<string, CatalogueCompany>, lang: Lang, showReason: boolean): ComplaintCard => {
    const company = companies.get(c.companyId);
    return {
      id: c.id,
      company: { id: company?.slug ?? '', name: company ? nameOf(company, lang) : '' },
      author: { id: c.userId, username: c.username },
      category: c.category,
      amount: c.amount,
      currency: c.currency,
      content: c.text,
      status: c.status,
      rejectReason: showReason ? c.rejectReason : null,
      createdAt: c.createdAt,
      publishedAt: c.publishedAt,
      dueAt: c.dueAt,
      workingDaysLeft: c.workingDaysLeft,
      firstResponseAt: c.firstResponseAt,
      closedAt: c.closedAt,
      closedBy: c.closedBy,
      evidenceCount: c.evidenceCount,
    };
  };
  const cards = async (items: ComplaintRecord[], request: FastifyRequest, showReason: boolean) => {
    const companies = await companiesById(
      items.map((c) => c.companyId),
      request.id,
    );
    return items.map((c) => card(c, companies, request.lang, showReason));
  };
  const messageOf = (m: ComplaintMessageRecord, names: Map<string, string>): ComplaintMessage => ({
    id: m.id,
    side: m.side,
    author: { id: m.authorId, username: names.get(m.authorId) ?? '' },
    content: m.text,
    removed: m.removed,
    date: m.createdAt,
  });
  const caseOf = async (v: ComplaintViewRecord, viewer: ComplaintViewer, request: FastifyRequest): Promise<ComplaintCase> => {
    const people = [...new Set(v.messages.map((m) => m.authorId))];
    const [companies, users] = await Promise.all([
      companiesById([v.complaint.companyId], request.id),
      people.length > 0 ? identity.userCards(people, request.id) : Promise.resolve({ items: [] }),
    ]);
    const names = new Map(users.items.map((u) => [u.id, u.username]));
    names.set(v.complaint.userId, v.complaint.username);
    const id = encodeURIComponent(v.complaint.id);
    return {
      complaint: card(v.complaint, companies, request.lang, v.rights.author || viewer.staff),
      messages: v.messages.map((m) => messageOf(m, names)),
      evidence: v.evidence.map((e) => ({ id: e.id, name: e.name, contentType: e.contentType, size: e.size, sha256: e.sha256, url: `/api/complaints/evidence?id=${id}&file=${encodeURIComponent(e.id)}` })),
      can: { write: v.rights.write, close: v.rights.close, withdraw: v.rights.withdraw, moderate: viewer.staff },
      viewer: v.rights.author ? 'author' : v.rights.representative ? 'representative' : viewer.staff ? 'moderator' : 'visitor',
    };
  };
  const view = async (id: string, viewer: ComplaintViewer, request: FastifyRequest) => caseOf(await reviews.complaint(id, viewer, request.id).catch(mapped()), viewer, request);

  // --- Public -----------------------------------------------------------------------------

  const complaints = deps.parts.add('complaints', async (request, q) => {
    const load = async (): Promise<Page<ComplaintCard>> => {
      const company = q.company ? await catalogue.company(q.company, request.id) : undefined;
      const { items, total } = await reviews.complaints({ companyId: company?.id, status: q.status, page: q.page, limit: PAGE_SIZE }, request.id);
      return { list: await cards(items, request, false), total, page: q.page, limit: PAGE_SIZE };
    };
    // The same for every reader (published cases only, no reasons shown).
    return { json: await recent.get(`complaints:${request.lang}:${JSON.stringify([q.company, q.status, q.page])}`, load, dataSerializer('complaints')) };
  });
  app.get<{ Querystring: Validated<typeof operations.complaints.query> }>('/api/complaints/list', { schema: contractSchema('complaints') }, async (request, reply) => {
    const { json } = await complaints(request, request.query);
    return sendOkJson(request, reply.header('cache-control', 'no-store'), json);
  });

  app.get<{ Querystring: Validated<typeof operations.complaint.query> }>('/api/complaints/detail', { schema: contractSchema('complaint') }, async (request, reply) => {
    const viewer = await viewerOf(request, false);
    void reply.header('vary', 'cookie, token, lang');
    return send(request, reply, 'ok', await view(request.query.id, viewer, request));
  });

  const complaintFigures = deps.parts.add('complaintFigures', async (request, { id }) => {
    const load = async (): Promise<CompanyComplaintFigures> => {
      const company = await catalogue.company(id, request.id);
      return { company: { id: company.slug, name: nameOf(company, request.lang) }, figures: await reviews.complaintFigures(company.id, request.id) };
    };
    return { json: await recent.get(`complaintFigures:${request.lang}:${id}`, load, dataSerializer('complaintFigures')) };
  });
  app.get<{ Querystring: Validated<typeof operations.complaintFigures.query> }>('/api/complaints/figures', { schema: contractSchema('complaintFigures') }, async (request, reply) => {
    const { json } = await complaintFigures(request, request.query);
    return sendOkJson(request, reply.header('cache-control', 'no-store'), json);
  });

  // The same for everyone and for minutes; a failure is not kept.
  const rules = new RecentAnswers(RULES_TTL_MS);
  app.get('/api/complaints/rules', { schema: contractSchema('complaintRules') }, async (request, reply) => {
    const load = async (): Promise<ComplaintRules> => {
      const r = await reviews.complaintRules(request.id);
      return { companyDays: r.companyDays, authorDays: r.authorDays, reminderDays: r.reminderDays };
    };
    return sendOkJson(request, reply.header('cache-control', 'no-store'), await rules.get('complaintRules', load, dataSerializer('complaintRules')));
  });

  // --- The author and the company ---------------------------------------------------------

  /**
   * The company's dashboard: its verified representatives only (identity, read on each call, so a
   * revoked one loses it at once); admins may open any company's. Without `id`, the caller's
   * first company.
   */
  app.get<{ Querystring: Validated<typeof operations.companyDashboard.query> }>('/api/company/dashboard', { schema: contractSchema('companyDashboard') }, async (request, reply) => {
    const session = await sessions.require(request);
    const [me, representing] = await Promise.all([identity.user(session.userId, request.id), identity.representing(session.userId, request.id)]);
    const mine = representing.items.map((c) => c.companyId);
    const admin = hasRole(me.role, 'admin');
    const forbidden = () => new AppError({ code: 'company.dashboard_forbidden', kind: 'forbidden', message: 'Not a representative of this company' });
    if (!request.query.id && mine.length === 0) throw forbidden();
    const company = request.query.id ? await catalogue.company(request.query.id, request.id) : (await companiesById([mine[0]!], request.id)).get(mine[0]!);
    if (!company) throw forbidden();
    if (!mine.includes(company.id) && !admin) throw forbidden();
    const [board, replies, complaints, represented] = await Promise.all([
      reviews.companyDashboard(company.id, request.id),
      reviews.replyFigures(company.id, request.id),
      reviews.complaintFigures(company.id, request.id),
      companiesById(mine, request.id),
    ]);
    const ref = (c: CatalogueCompany) => ({ id: c.slug, name: nameOf(c, request.lang) });
    const data: CompanyDashboard = {
      company: ref(company),
      companies: mine.flatMap((id) => {
        const c = represented.get(id);
        return c ? [ref(c)] : [];
      }),
      trend: board.trend,
      latest: board.latest.map((r) => ({ id: r.id, username: r.username, score: r.stars, content: r.text, date: r.createdAt, reply: r.replyStatus })),
      open: board.open.map((c) => card(c, new Map([[company.id, company]]), request.lang, false)),
      replies,
      complaints,
    };
    void reply.header('vary', 'cookie, token, lang');
    return send(request, reply, 'ok', data);
  });


  app.get('/api/complaints/mine', { schema: contractSchema('myComplaints') }, async (request, reply) => {
    const user = await sessions.require(request);
    const { items } = await reviews.complaintsOf(user.userId, request.id);
    return send(request, reply, 'ok', await cards(items, request, true));
  });

  app.post('/api/complaints/evidence', { schema: contractSchema('complaintEvidenceUpload') }, async (request, reply) => {
    const user = await deps.posting.require(request);
    if (!request.isMultipart()) throw evidenceRefused('required');
    const bytes = await readMultipartFile(request, COMPLAINT_EVIDENCE_MAX_BYTES, evidenceRefused);
    if (bytes.length === 0) throw evidenceRefused('required');
    const kind = await documentKind(bytes);
    if (!kind) throw evidenceRefused('type');
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    // A random name: private, never derived from the content (a known file's hash would find it).
    const key = `complaint-evidence/${randomUUID()}.${kind.ext}`;
    await objects.put(key, bytes, kind.mime);
    const saved = await reviews
      .registerComplaintEvidence(user.userId, { key, contentType: kind.mime, size: bytes.length, sha256, name: `evidence-${sha256.slice(0, 8)}.${kind.ext}` }, request.id)
      .catch(async (err: unknown) => {
        // Not registered: no case can take it and reviews' loose-evidence sweep never sees it (ADR 031).
        await objects.delete(key).catch(() => undefined);
        throw err;
      });
    const data: UploadedComplaintEvidence = { id: saved.id, name: saved.name, contentType: saved.contentType, size: saved.size, sha256: saved.sha256 };
    return send(request, reply, 'complaint.evidence_uploaded', data);
  });

  app.get<{ Querystring: Validated<typeof operations.complaintEvidenceFile.query> }>(
    '/api/complaints/evidence',
    // A link the browser follows (no signature headers); the session cookie authenticates it.
    { schema: contractSchema('complaintEvidenceFile'), compress: false, config: { unsigned: true } },
    async (request, reply) => {
      const viewer = await viewerOf(request, true);
      const file = await reviews.complaintEvidence(request.query.id, request.query.file, viewer, request.id).catch(mapped('reviews.complaint_evidence_not_found'));
      const found = await objects.getStream(file.key);
      if (!found) throw new AppError({ code: 'reviews.complaint_evidence_not_found', kind: 'not_found', message: 'Not found' });
      const disposition = file.contentType === 'application/pdf' ? 'attachment' : 'inline';
      return reply
        .header('content-type', file.contentType)
        .header('content-length', String(found.info.size))
        .header('content-disposition', `${disposition}; filename="${file.name.replace(/[^\w.-]/g, '_')}"`)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; img-src data:")
        .header('cross-origin-resource-policy', 'same-origin')
        .send(found.stream);
    },
  );

  app.post<{ Body: Validated<typeof operations.complaintOpen.body> }>('/api/complaints/open', { schema: contractSchema('complaintOpen') }, async (request, reply) => {
    const user = await deps.posting.require(request);
    const b = request.body;
    const [company, me] = await Promise.all([catalogue.company(b.company, request.id), identity.user(user.userId, request.id)]);
    const saved = await reviews
      .openComplaint(
        user.userId,
        { username: me.username, companyId: company.id, category: b.category, amount: b.amount, currency: b.currency, text: b.content, evidenceIds: b.evidence },
        request.id,
      )
      .catch(mapped());
    return send(request, reply, 'complaint.opened', card(saved, new Map([[company.id, company]]), request.lang, true));
  });

  app.post<{ Body: Validated<typeof operations.complaintMessage.body> }>('/api/complaints/message', { schema: contractSchema('complaintMessage') }, async (request, reply) => {
    await deps.posting.require(request);
    const viewer = await viewerOf(request, true);
    const current = await reviews.complaint(request.body.id, viewer, request.id).catch(mapped());
    const { userIds } = await identity.representatives(current.complaint.companyId, request.id);
    await reviews
      .postComplaintMessage(request.body.id, { userId: viewer.userId!, companyIds: [...viewer.companyIds], representativeIds: userIds, text: request.body.content }, request.id)
      .catch(mapped());
    return send(request, reply, 'complaint.message_posted', await view(request.body.id, viewer, request));
  });

  app.post<{ Body: Validated<typeof operations.complaintClose.body> }>('/api/complaints/close', { schema: contractSchema('complaintClose') }, async (request, reply) => {
    const viewer = await viewerOf(request, true);
    const closed = await reviews.closeComplaint(request.body.id, { userId: viewer.userId!, action: request.body.action }, request.id).catch(mapped());
    return send(request, reply, `complaint.${closed.status}`, await view(request.body.id, viewer, request));
  });

  // --- Moderators -------------------------------------------------------------------------

  app.get<{ Querystring: Validated<typeof operations.adminComplaints.query> }>('/api/admin/complaints', { schema: contractSchema('adminComplaints') }, async (request, reply) => {
    await requireModerator(request);
    const page = request.query.page;
    const { items, total } = await reviews.complaintQueue({ page, limit: PAGE_SIZE }, request.id);
    const data: Page<ComplaintCard> = { list: await cards(items, request, true), total, page, limit: PAGE_SIZE };
    return send(request, reply, 'ok', data);
  });

  app.post<{ Body: Validated<typeof operations.adminComplaintDecide.body> }>('/api/admin/complaints/decide', { schema: contractSchema('adminComplaintDecide') }, async (request, reply) => {
    const me = await requireModerator(request);
    const b = request.body;
    const current = await reviews.complaint(b.id, { userId: me.id, companyIds: [], staff: true }, request.id).catch(mapped());
    const { userIds } = await identity.representatives(current.complaint.companyId, request.id);
    const decided = await reviews
      .decideComplaint(b.id, { moderatorId: me.id, decision: b.decision, ...(b.reason ? { reason: b.reason } : {}), representativeIds: userIds }, request.id)
      .catch(mapped());
    const data = (await cards([decided], request, true))[0]!;
    return send(request, reply, b.decision === 'approve' ? 'admin.complaint_published' : 'admin.complaint_rejected', data);
  });

  app.post<{ Body: Validated<typeof operations.adminComplaintMessageRemove.body> }>(
    '/api/admin/complaints/removeMessage',
    { schema: contractSchema('adminComplaintMessageRemove') },
    async (request, reply) => {
      const me = await requireModerator(request);
      const removed = await reviews.removeComplaintMessage(request.body.id, { moderatorId: me.id, reason: request.body.reason }, request.id).catch(mapped());
      const { items } = await identity.userCards([removed.authorId], request.id);
      return send(request, reply, 'admin.complaint_message_removed', messageOf(removed, new Map(items.map((u) => [u.id, u.username]))));
    },
  );
}
