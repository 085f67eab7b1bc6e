import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type, type Static } from 'typebox';
import { AppError } from '@brokerwise/errors';
import type { AdminCompany, AdminCompanyAuditEntry, AdminCompanyDetail, AdminCompanyMerged, Lang, Page } from '@brokerwise/api-contract';
import { AdminCompanyForm } from '@brokerwise/api-contract';
import type { CatalogueAdminCompany, CatalogueClient } from '../clients/catalogue.client.ts';
import type { IdentityClient } from '../clients/identity.client.ts';
import { requireRole } from '../http/admin-guard.ts';
import { now } from '../http/envelope.ts';
import type { CacheInvalidator } from '../http/invalidation.ts';
import type { Sessions } from '../http/session.ts';
import { readMultipartFile } from '../http/multipart.ts';
import { message } from '../i18n/messages.ts';

export interface AdminCompaniesDeps {
  catalogue: CatalogueClient;
  identity: IdentityClient;
  sessions: Sessions;
  /** Drops the public catalogue caches at once after a change (the events do it too, a moment later). */
  invalidator?: CacheInvalidator | undefined;
}

const PAGE_SIZE = 20;
const Slug = Type.String({ pattern: '^[a-z0-9][a-z0-9-]{0,80}$' });
const ListQuery = Type.Object({ page: Type.Integer({ minimum: 1, maximum: 1000, default: 1 }), keyword: Type.Optional(Type.String({ maxLength: 100 })), _: Type.Optional(Type.String()) }, { additionalProperties: false });
const IdQuery = Type.Object({ id: Slug, _: Type.Optional(Type.String()) }, { additionalProperties: false });
const AuditQuery = Type.Object({ id: Type.Optional(Slug), page: Type.Integer({ minimum: 1, maximum: 1000, default: 1 }), _: Type.Optional(Type.String()) }, { additionalProperties: false });
const Reason = Type.String({ maxLength: 5000 });
// Bounds only: the form's rules and field codes are the catalogue's (`catalogue.company_invalid`).
const SaveBody = Type.Object({ id: Type.Optional(Slug), reason: Type.Optional(Reason), form: AdminCompanyForm }, { additionalProperties: false });
const HideBody = Type.Object({ id: Slug, hidden: Type.Boolean(), reason: Reason }, { additionalProperties: false });
const MergeBody = Type.Object({ id: Slug, into: Type.String({ maxLength: 100 }), reason: Reason }, { additionalProperties: false });

const send = <T>(request: FastifyRequest, reply: FastifyReply, code: string, data: T) =>
  reply.header('cache-control', 'no-store').send({ code: 1, msg: message(code, request.lang), time: now(), data });

const present = (c: CatalogueAdminCompany, lang: Lang): AdminCompany => ({
  id: c.slug,
  name: lang === 'zh-cn' && c.nameZh ? c.nameZh : c.name,
  category: c.category,
  countryCode: c.countryCode,
  score: c.score,
  reviewCount: c.reviewCount,
  hidden: c.hidden,
  merged: c.merged,
  logo: c.logoKey ? `/media/${c.logoKey}` : '',
  updatedAt: c.updatedAt,
});
const LOGO_MAX_BYTES = 2 * 1024 * 1024;
const logoInvalid = (problem: string) =>
  new AppError({ code: 'catalogue.logo_invalid', kind: problem === 'too_large' ? 'too_large' : 'validation', message: `Logo refused: ${problem}`, fields: { logo: problem === 'malformed' ? 'required' : problem }, params: { maxMb: LOGO_MAX_BYTES / 1_048_576 } });

/** /api/admin/companies*: the admin console's companies (admins only; the catalogue audits every change). */
export async function adminCompanyRoutes(app: FastifyInstance, deps: AdminCompaniesDeps): Promise<void> {
  const { catalogue } = deps;
  const requireAdmin = requireRole(deps.sessions, deps.identity, 'admin');
  const changed = async (request: FastifyRequest) => {
    try {
      await deps.invalidator?.flush();
    } catch (err) {
      // The change is committed; its event drops the caches shortly anyway.
      request.log.warn({ err }, 'company cache invalidation failed');
    }
  };

  app.get<{ Querystring: Static<typeof ListQuery> }>('/api/admin/companies', { schema: { querystring: ListQuery } }, async (request, reply) => {
    await requireAdmin(request);
    const { page } = request.query;
    const keyword = request.query.keyword?.trim() || undefined;
    const r = await catalogue.adminCompanies({ page, limit: PAGE_SIZE, keyword }, request.id);
    const data: Page<AdminCompany> = { list: r.items.map((c) => present(c, request.lang)), total: r.total, page, limit: PAGE_SIZE };
    return send(request, reply, 'ok', data);
  });

  app.get<{ Querystring: Static<typeof IdQuery> }>('/api/admin/companies/detail', { schema: { querystring: IdQuery } }, async (request, reply) => {
    await requireAdmin(request);
    const r = await catalogue.adminCompany(request.query.id, request.id);
    const data: AdminCompanyDetail = { company: present(r.company, request.lang), mergedInto: r.mergedIntoSlug, form: r.form };
    return send(request, reply, 'ok', data);
  });

  app.post<{ Body: Static<typeof SaveBody> }>('/api/admin/companies/save', { schema: { body: SaveBody } }, async (request, reply) => {
    const me = await requireAdmin(request);
    const { id, reason = '', form } = request.body;
    const body = { adminId: me.id, reason, form };
    const saved = id ? await catalogue.editCompany(id, body, request.id) : await catalogue.createCompany(body, request.id);
    await changed(request);
    return send(request, reply, 'admin.company_saved', present(saved, request.lang));
  });

  app.post<{ Body: Static<typeof HideBody> }>('/api/admin/companies/hide', { schema: { body: HideBody } }, async (request, reply) => {
    const me = await requireAdmin(request);
    const { id, hidden, reason } = request.body;
    const saved = await catalogue.hideCompany(id, { adminId: me.id, hidden, reason }, request.id);
    await changed(request);
    return send(request, reply, hidden ? 'admin.company_hidden' : 'admin.company_shown', present(saved, request.lang));
  });

  app.post<{ Body: Static<typeof MergeBody> }>('/api/admin/companies/merge', { schema: { body: MergeBody } }, async (request, reply) => {
    const me = await requireAdmin(request);
    const { id, into, reason } = request.body;
    const r = await catalogue.mergeCompany(id, { adminId: me.id, into: into.trim(), reason }, request.id);
    await changed(request);
    const data: AdminCompanyMerged = { from: present(r.from, request.lang), into: present(r.into, request.lang) };
    return send(request, reply, 'admin.company_merged', data);
  });

  // The file's name and declared type are ignored: the catalogue checks the bytes (as identity does avatars).
  app.post<{ Querystring: Static<typeof IdQuery> }>('/api/admin/companies/logo', { schema: { querystring: IdQuery } }, async (request, reply) => {
    await requireAdmin(request);
    if (!request.isMultipart()) throw logoInvalid('required');
    const bytes = await readMultipartFile(request, LOGO_MAX_BYTES, logoInvalid);
    const saved = await catalogue.setCompanyLogo(request.query.id, bytes, request.id);
    await changed(request);
    return send(request, reply, 'admin.company_logo_saved', present(saved, request.lang));
  });

  app.get<{ Querystring: Static<typeof AuditQuery> }>('/api/admin/companies/audit', { schema: { querystring: AuditQuery } }, async (request, reply) => {
    await requireAdmin(request);
    const { page, id } = request.query;
    const r = await catalogue.companyAudit({ slug: id, page, limit: PAGE_SIZE }, request.id);
    const data: Page<AdminCompanyAuditEntry> = { list: r.items, total: r.total, page, limit: PAGE_SIZE };
    return send(request, reply, 'ok', data);
  });
}
