import type { FastifyInstance } from 'fastify';
import type { Static } from 'typebox';
import { adminCompany, companyAudit, createCompany, editCompany, formOf, mergeCompanies, setCompanyHidden, setCompanyLogo, type AdminCtx } from '../../domain/company-admin.ts';
import { LOGO_MAX_BYTES } from '../../domain/logo.ts';
import { findCompanies } from '../../domain/companies.ts';
import type { CompanyRow } from '../../store/company.store.ts';
import type { CatalogueDeps } from '../../deps.ts';
import { SlugParams } from '../companies/schemas.ts';
import { toCompanyDto } from '../companies/index.ts';
import {
  AdminCompanyDto,
  AdminDetailResponse,
  AdminListQuery,
  AdminListResponse,
  AuditQuery,
  AuditResponse,
  CreateBody,
  EditBody,
  HideBody,
  MergeBody,
  MergeResponse,
} from './schemas.ts';

const toAdminDto = (r: CompanyRow): Static<typeof AdminCompanyDto> => ({
  ...toCompanyDto(r),
  hidden: r.hidden_at !== null,
  merged: r.merged_into !== null,
  updatedAt: new Date(r.updated_at).toISOString(),
});

/** /v1/admin/companies*: the admin console's companies; every change is audited (company_audit). */
export async function adminCompanyRoutes(app: FastifyInstance, deps: CatalogueDeps): Promise<void> {
  const admin = { config: { callerRole: 'admin' as const } };
  const ctxOf = (request: { id: string }, body: { adminId: string; reason: string }): AdminCtx => ({
    actorId: body.adminId,
    reason: body.reason.trim(),
    correlationId: request.id,
    mediaUrl: deps.mediaUrl,
  });

  app.get<{ Querystring: Static<typeof AdminListQuery> }>(
    '/v1/admin/companies',
    { ...admin, schema: { querystring: AdminListQuery, response: { 200: AdminListResponse } } },
    async (request) => {
      const q = request.query;
      const { rows, total } = await findCompanies(deps.db, { page: q.page, limit: q.limit, keyword: q.keyword, includeHidden: true, order: q.keyword?.trim() ? 'score' : 'name' });
      return { items: rows.map(toAdminDto), total };
    },
  );

  app.get<{ Params: Static<typeof SlugParams> }>(
    '/v1/admin/companies/:slug',
    { ...admin, schema: { params: SlugParams, response: { 200: AdminDetailResponse } } },
    async (request) => {
      const { row, mergedIntoSlug } = await adminCompany(deps.db, request.params.slug);
      return { company: toAdminDto(row), mergedIntoSlug, form: formOf(row) };
    },
  );

  app.post<{ Body: Static<typeof CreateBody> }>('/v1/admin/companies', { ...admin, schema: { body: CreateBody, response: { 200: AdminCompanyDto } } }, async (request) => {
    const row = await createCompany(deps.db, request.body.form, ctxOf(request, request.body));
    deps.relay.poke();
    return toAdminDto(row);
  });

  app.put<{ Params: Static<typeof SlugParams>; Body: Static<typeof EditBody> }>(
    '/v1/admin/companies/:slug',
    { ...admin, schema: { params: SlugParams, body: EditBody, response: { 200: AdminCompanyDto } } },
    async (request) => {
      const row = await editCompany(deps.db, request.params.slug, request.body.form, ctxOf(request, request.body));
      deps.relay.poke();
      return toAdminDto(row);
    },
  );

  app.post<{ Params: Static<typeof SlugParams>; Body: Static<typeof HideBody> }>(
    '/v1/admin/companies/:slug/hide',
    { ...admin, schema: { params: SlugParams, body: HideBody, response: { 200: AdminCompanyDto } } },
    async (request) => {
      const row = await setCompanyHidden(deps.db, request.params.slug, request.body.hidden, ctxOf(request, request.body));
      deps.relay.poke();
      return toAdminDto(row);
    },
  );

  app.post<{ Params: Static<typeof SlugParams>; Body: Static<typeof MergeBody> }>(
    '/v1/admin/companies/:slug/merge',
    { ...admin, schema: { params: SlugParams, body: MergeBody, response: { 200: MergeResponse } } },
    async (request) => {
      const { from, into } = await mergeCompanies(deps.db, request.params.slug, request.body.into.trim(), ctxOf(request, request.body));
      deps.relay.poke();
      return { from: toAdminDto(from), into: toAdminDto(into) };
    },
  );

  // The logo arrives as the raw file (its content decides what it is); the acting admin is the token's.
  await app.register(async (scope) => {
    if (!scope.hasContentTypeParser('application/octet-stream')) {
      scope.addContentTypeParser('application/octet-stream', { parseAs: 'buffer', bodyLimit: LOGO_MAX_BYTES + 1 }, (_request, body, done) => done(null, body));
    }
    scope.post<{ Params: Static<typeof SlugParams> }>(
      '/v1/admin/companies/:slug/logo',
      { ...admin, bodyLimit: LOGO_MAX_BYTES + 1, schema: { params: SlugParams, response: { 200: AdminCompanyDto } } },
      async (request) => {
        const bytes = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const row = await setCompanyLogo(deps.db, deps.objects, request.params.slug, bytes, { actorId: request.caller?.userId ?? '', reason: '', correlationId: request.id, mediaUrl: deps.mediaUrl });
        deps.relay.poke();
        deps.pokeImageSizes?.(); // the logo's sizes are made after the answer (ADR 033)
        return toAdminDto(row);
      },
    );
  });

  app.get<{ Querystring: Static<typeof AuditQuery> }>(
    '/v1/admin/companies-audit',
    { ...admin, schema: { querystring: AuditQuery, response: { 200: AuditResponse } } },
    async (request) => {
      const { rows, total } = await companyAudit(deps.db, request.query);
      return {
        items: rows.map((a) => ({
          id: a.id,
          companyId: a.company_id,
          actorId: a.actor_id,
          action: a.action,
          reason: a.reason,
          before: a.before,
          after: a.after,
          at: new Date(a.at).toISOString(),
        })),
        total,
      };
    },
  );
}
