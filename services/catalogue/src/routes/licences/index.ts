import type { FastifyInstance } from 'fastify';
import type { Static } from 'typebox';
import { changeLicenceStatus, EVIDENCE_MAX_BYTES, licenceRegister, storeEvidence, type LicenceWithHistory } from '../../domain/licence-register.ts';
import type { LicenceStatusRow } from '../../store/licence.store.ts';
import type { CatalogueDeps } from '../../deps.ts';
import { SlugParams } from '../companies/schemas.ts';
import { ChangeBody, EvidenceDto, HistoryDto, LicenceRegisterDto } from './schemas.ts';

const iso = (d: Date | string) => new Date(d).toISOString();

export const toHistoryDto = (e: LicenceStatusRow): Static<typeof HistoryDto> => ({
  id: e.id,
  status: e.status,
  previousStatus: e.previous_status,
  effectiveOn: e.effective_on,
  note: e.note,
  evidence:
    e.evidence_key && e.evidence_sha256
      ? { key: e.evidence_key, sha256: e.evidence_sha256, contentType: e.evidence_type ?? '', size: e.evidence_size ?? 0, capturedAt: iso(e.evidence_captured_at ?? e.recorded_at) }
      : null,
  recordedAt: iso(e.recorded_at),
});

const toRegisterDto = (r: { row: { id: string; slug: string }; licences: LicenceWithHistory[]; countries: Map<string, { name_en: string; name_zh: string }> }): Static<typeof LicenceRegisterDto> => ({
  companyId: r.row.id,
  slug: r.row.slug,
  licences: r.licences.map(({ licence, history }) => {
    const c = r.countries.get(licence.regulatorCountry);
    return { ...licence, regulatorCountryName: { en: c?.name_en ?? licence.regulatorCountry, zh: c?.name_zh ?? licence.regulatorCountry }, history: history.map(toHistoryDto) };
  }),
});

/** The licence register: each licence's status history (public) and its changes (admins, audited). */
export async function licenceRoutes(app: FastifyInstance, deps: CatalogueDeps): Promise<void> {
  const admin = { config: { callerRole: 'admin' as const } };
  // Evidence arrives as the raw file; its content decides what it is, never this header.
  app.addContentTypeParser('application/octet-stream', { parseAs: 'buffer', bodyLimit: EVIDENCE_MAX_BYTES + 1 }, (_request, body, done) => done(null, body));

  app.get<{ Params: Static<typeof SlugParams> }>(
    '/v1/companies/:slug/licences',
    { schema: { params: SlugParams, response: { 200: LicenceRegisterDto } } },
    async (request) => toRegisterDto(await licenceRegister(deps.db, request.params.slug)),
  );

  app.get<{ Params: Static<typeof SlugParams> }>(
    '/v1/admin/companies/:slug/licences',
    { ...admin, schema: { params: SlugParams, response: { 200: LicenceRegisterDto } } },
    async (request) => toRegisterDto(await licenceRegister(deps.db, request.params.slug, { includeHidden: true })),
  );

  app.post('/v1/admin/licence-evidence', { ...admin, bodyLimit: EVIDENCE_MAX_BYTES + 1, schema: { response: { 200: EvidenceDto } } }, async (request) =>
    storeEvidence(deps.objects, Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0)),
  );

  app.post<{ Params: Static<typeof SlugParams>; Body: Static<typeof ChangeBody> }>(
    '/v1/admin/companies/:slug/licences/status',
    { ...admin, schema: { params: SlugParams, body: ChangeBody, response: { 200: HistoryDto } } },
    async (request) => {
      const b = request.body;
      const entry = await changeLicenceStatus(
        deps.db,
        deps.objects,
        request.params.slug,
        { regulator: b.regulator, licenceNo: b.licenceNo, status: b.status, effectiveOn: b.effectiveOn.trim(), note: b.note, evidence: b.evidence },
        { actorId: b.adminId, reason: b.note, correlationId: request.id, mediaUrl: deps.mediaUrl },
      );
      deps.relay.poke();
      return toHistoryDto(entry);
    },
  );
}
