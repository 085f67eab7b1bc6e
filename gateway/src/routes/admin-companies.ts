import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { operations, type Validated } from '@brokerwise/api-contract';
import { AppError } from '@brokerwise/errors';
import type { AdminCompany, AdminCompanyAuditEntry, AdminCompanyDetail, AdminCompanyMerged, Lang, Page } from '@brokerwise/api-contract';
import type { CatalogueAdminCompany, CatalogueClient } from '../clients/catalogue.client.ts';
import type { IdentityClient } from '../clients/identity.client.ts';
import { requireRole } from '../http/admin-guard.ts';
import { contractSchema } from '../http/contract-schema.ts';
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

  app.get<{ Querystring: Validated<typeof operations.adminCompanies.query> }>('/api/admin/companies', { schema: contractSchema('adminCompanies') }, async (request, reply) => {
    await requireAdmin(request);
    const { page } = request.query;
    const keyword = request.query.keyword?.trim() || undefined;
    const r = await catalogue.adminCompanies({ page, limit: PAGE_SIZE, keyword }, request.id);
    const data: Page<AdminCompany> = { list: r.items.map((c) => present(c, request.lang)), total: r.total, page, limit: PAGE_SIZE };
    return send(request, reply, 'ok', data);
  });

  app.get<{ Querystring: Validated<typeof operations.adminCompanyDetail.query> }>('/api/admin/companies/detail', { schema: contractSchema('adminCompanyDetail') }, async (request, reply) => {
    await requireAdmin(request);
    const r = await catalogue.adminCompany(request.query.id, request.id);
    const data: AdminCompanyDetail = { company: present(r.company, request.lang), mergedInto: r.mergedIntoSlug, form: r.form };
    return send(request, reply, 'ok', data);
  });

  app.post<{ Body: Validated<typeof operations.adminCompanySave.body> }>('/api/admin/companies/save', { schema: contractSchema('adminCompanySave') }, async (request, reply) => {
    const me = await requireAdmin(request);
    const { id, reason = '', form } = request.body;
    const body = { adminId: me.id, reason, form };
    const saved = id ? await catalogue.editCompany(id, body, request.id) : await catalogue.createCompany(body, request.id);
    await changed(request);
    return send(request, reply, 'admin.company_saved', present(saved, request.lang));
  });

  app.post<{ Body: Validated<typeof operations.adminCompanyHide.body> }>('/api/admin/companies/hide', { schema: contractSchema('adminCompanyHide') }, async (request, reply) => {
    const me = await requireAdmin(request);
    const { id, hidden, reason } = request.body;
    const saved = await catalogue.hideCompany(id, { adminId: me.id, hidden, reason }, request.id);
    await changed(request);
    return send(request, reply, hidden ? 'admin.company_hidden' : 'admin.company_shown', present(saved, request.lang));
  });

  app.post<{ Body: Validated<typeof operations.adminCompanyMerge.body> }>('/api/admin/companies/merge', { schema: contractSchema('adminCompanyMerge') }, async (request, reply) => {
    const me = await requireAdmin(request);
    const { id, into, reason } = request.body;
    const r = await catalogue.mergeCompany(id, { adminId: me.id, into: into.trim(), reason }, request.id);
    await changed(request);
    const data: AdminCompanyMerged = { from: present(r.from, request.lang), into: present(r.into, request.lang) };
    return send(request, reply, 'admin.company_merged', data);
  });

  // The file's name and declared type are ignored: the catalogue checks the bytes (as identity does avatars).
  app.post<{ Querystring: Validated<typeof operations.adminCompanyLogo.query> }>('/api/admin/companies/logo', { schema: contractSchema('adminCompanyLogo') }, async (request, reply) => {
    await requireAdmin(request);
    if (!request.isMultipart()) throw logoInvalid('required');
    const bytes = await readMultipartFile(request, LOGO_MAX_BYTES, logoInvalid);
    const saved = await catalogue.setCompanyLogo(request.query.id, bytes, request.id);
    await changed(request);
    return send(request, reply, 'admin.company_logo_saved', present(saved, request.lang));
  });

  app.get<{ Querystring: Validated<typeof operations.adminCompanyAudit.query> }>('/api/admin/companies/audit', { schema: contractSchema('adminCompanyAudit') }, async (request, reply) => {
    await requireAdmin(request);
    const { page, id } = request.query;
    const r = await catalogue.companyAudit({ slug: id, page, limit: PAGE_SIZE }, request.id);
    const data: Page<AdminCompanyAuditEntry> = { list: r.items, total: r.total, page, limit: PAGE_SIZE };
    return send(request, reply, 'ok', data);
  });
}
