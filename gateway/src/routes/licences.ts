import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { operations, type Validated } from '@brokerwise/api-contract';
import type { Cache } from '@brokerwise/cache';
import { AppError } from '@brokerwise/errors';
import type { CompanyFollow, CompanyLicences, Lang, LicenceHistoryEntry, UploadedLicenceEvidence } from '@brokerwise/api-contract';
import type { CatalogueClient, CatalogueLicenceHistory } from '../clients/catalogue.client.ts';
import type { IdentityClient } from '../clients/identity.client.ts';
import type { NotificationsClient } from '../clients/notifications.client.ts';
import { requireRole } from '../http/admin-guard.ts';
import { JsonCache, sendOkJson } from '../http/cached.ts';
import { contractSchema, dataSerializer } from '../http/contract-schema.ts';
import { now } from '../http/envelope.ts';
import type { CacheInvalidator } from '../http/invalidation.ts';
import { readMultipartFile } from '../http/multipart.ts';
import type { PageParts } from '../http/page-parts.ts';
import type { Sessions } from '../http/session.ts';
import { message } from '../i18n/messages.ts';

export interface LicenceDeps {
  catalogue: CatalogueClient;
  identity: IdentityClient;
  notifications: NotificationsClient;
  sessions: Sessions;
  invalidator?: CacheInvalidator | undefined;
  /** The company pages' cache: a licence's history changes rarely and is read on every page view. */
  cache: Cache;
  ttlSeconds: number;
  /** Where the answers a page's data is made of are registered (ADR 036). */
  parts: PageParts;
}

/** The catalogue's limit too (it refuses more); checked here first so a big upload stops early. */
export const EVIDENCE_MAX_BYTES = 10 * 1024 * 1024;

const send = <T>(request: FastifyRequest, reply: FastifyReply, code: string, data: T) =>
  reply.header('cache-control', 'no-store').send({ code: 1, msg: message(code, request.lang), time: now(), data });

const mediaPath = (key: string) => `/media/${key}`;

export const presentHistory = (e: CatalogueLicenceHistory): LicenceHistoryEntry => ({
  id: e.id,
  status: e.status,
  previousStatus: e.previousStatus,
  effectiveOn: e.effectiveOn,
  note: e.note,
  evidence: e.evidence ? { url: mediaPath(e.evidence.key), sha256: e.evidence.sha256, contentType: e.evidence.contentType, size: e.evidence.size, capturedAt: e.evidence.capturedAt } : null,
  recordedAt: e.recordedAt,
});

/**
 * The licence register: a company's licences with their status history (public), following a
 * company (signed in), and an admin recording a new status with evidence (audited by the catalogue).
 */
export async function licenceRoutes(app: FastifyInstance, deps: LicenceDeps): Promise<void> {
  const { catalogue, notifications, sessions } = deps;
  const requireAdmin = requireRole(sessions, deps.identity, 'admin');
  // Under `gw:cat:`, so a catalogue event (and an admin's change, at once) drops it with the rest.
  const jsonCache = new JsonCache(deps.cache);
  deps.invalidator?.onInvalidate(() => jsonCache.clearLocal());

  const companyLicences = deps.parts.add('companyLicences', (request, { id }) => {
    const lang: Lang = request.lang;
    return jsonCache.get(`gw:cat:licences:${lang}:${id}`, deps.ttlSeconds, async () => {
      const r = await catalogue.licences(id, false, request.id);
      const data: CompanyLicences = {
        id: r.slug,
        licences: r.licences.map((l) => ({
          regulator: l.regulator,
          regulatorCountry: lang === 'zh-cn' ? l.regulatorCountryName.zh : l.regulatorCountryName.en,
          regulatorCountryCode: l.regulatorCountry,
          licenceNo: l.licenceNo,
          entity: l.entity,
          status: l.status,
          registerUrl: l.registerUrl,
          history: l.history.map(presentHistory),
        })),
      };
      return data;
    }, dataSerializer('companyLicences'));
  });
  app.get<{ Querystring: Validated<typeof operations.companyLicences.query> }>('/api/brokers/licences', { schema: contractSchema('companyLicences') }, async (request, reply) => {
    const { json, hit } = await companyLicences(request, request.query);
    void reply.header('cache-control', `public, max-age=${deps.ttlSeconds}`).header('x-cache', hit ? 'HIT' : 'MISS').header('vary', 'lang, accept-language');
    return sendOkJson(request, reply, json);
  });

  const companyFollow = deps.parts.add('companyFollow', async (request, { id }) => {
    const user = await sessions.require(request);
    const company = await catalogue.company(id, request.id);
    const data: CompanyFollow = await notifications.companyFollow(user.userId, company.id, request.id);
    return { json: Buffer.from(dataSerializer('companyFollow')(data)) };
  });
  app.get<{ Querystring: Validated<typeof operations.companyFollow.query> }>('/api/brokers/follow', { schema: contractSchema('companyFollow') }, async (request, reply) => {
    const { json } = await companyFollow(request, request.query);
    return sendOkJson(request, reply.header('cache-control', 'no-store'), json);
  });

  app.post<{ Body: Validated<typeof operations.companyFollowSet.body> }>('/api/brokers/follow', { schema: contractSchema('companyFollowSet') }, async (request, reply) => {
    const user = await sessions.require(request);
    const company = await catalogue.company(request.body.id, request.id);
    const data: CompanyFollow = await notifications.setCompanyFollow(user.userId, company.id, request.body.follow, request.id);
    return send(request, reply, data.following ? 'company.followed' : 'company.unfollowed', data);
  });

  app.post('/api/admin/companies/licence-evidence', { schema: contractSchema('adminLicenceEvidence') }, async (request, reply) => {
    await requireAdmin(request);
    const refuse = (problem: string) =>
      new AppError({
        code: 'catalogue.evidence_invalid',
        kind: problem === 'too_large' ? 'too_large' : 'validation',
        message: `Evidence refused: ${problem}`,
        fields: { evidence: problem === 'malformed' ? 'required' : problem },
        params: { max: EVIDENCE_MAX_BYTES, maxMb: EVIDENCE_MAX_BYTES / 1_048_576 },
      });
    if (!request.isMultipart()) throw refuse('required');
    const bytes = await readMultipartFile(request, EVIDENCE_MAX_BYTES, refuse);
    const stored = await catalogue.uploadLicenceEvidence(bytes, request.id);
    const data: UploadedLicenceEvidence = { ...stored, url: mediaPath(stored.key) };
    return send(request, reply, 'admin.licence_evidence_uploaded', data);
  });

  app.post<{ Body: Validated<typeof operations.adminLicenceStatus.body> }>('/api/admin/companies/licence-status', { schema: contractSchema('adminLicenceStatus') }, async (request, reply) => {
    const me = await requireAdmin(request);
    const b = request.body;
    const entry = await catalogue.changeLicenceStatus(
      b.id,
      {
        adminId: me.id,
        regulator: b.regulator,
        licenceNo: b.licenceNo,
        status: b.status,
        effectiveOn: b.effectiveOn,
        note: b.note,
        ...(b.evidenceKey ? { evidence: { key: b.evidenceKey, ...(b.capturedAt ? { capturedAt: b.capturedAt } : {}) } } : {}),
      },
      request.id,
    );
    try {
      await deps.invalidator?.flush();
    } catch (err) {
      // The change is committed; its event drops the caches shortly anyway.
      request.log.warn({ err }, 'company cache invalidation failed');
    }
    return send(request, reply, 'admin.licence_status_recorded', presentHistory(entry));
  });
}
