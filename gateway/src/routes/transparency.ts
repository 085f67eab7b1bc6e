import type { FastifyInstance } from 'fastify';
import { operations, type Validated } from '@brokerwise/api-contract';
import type { Cache } from '@brokerwise/cache';
import { AppError } from '@brokerwise/errors';
import type { AdminDashboard, TransparencyQuery, TransparencyReport } from '@brokerwise/api-contract';
import type { IdentityClient } from '../clients/identity.client.ts';
import type { ReviewsClient } from '../clients/reviews.client.ts';
import { reportRange, transparencyCsv, transparencyReport } from '../domain/transparency.ts';
import { requireRole } from '../http/admin-guard.ts';
import { JsonCache, sendOkJson } from '../http/cached.ts';
import { contractSchema, dataSerializer } from '../http/contract-schema.ts';
import { now } from '../http/envelope.ts';
import type { Sessions } from '../http/session.ts';
import { message } from '../i18n/messages.ts';

export interface TransparencyDeps {
  reviews: ReviewsClient;
  identity: IdentityClient;
  sessions: Sessions;
  cache: Cache;
  ttlSeconds: number;
}

// The same for everyone and slow to change: a shared cache entry and a public max-age.
const PUBLIC_CACHE = 'public, max-age=300';

/**
 * The public transparency report (issue 17): moderation figures per month from reviews and
 * identity, as JSON and as a CSV download; and the staff dashboard's counts.
 */
export async function transparencyRoutes(app: FastifyInstance, deps: TransparencyDeps): Promise<void> {
  const jsonCache = new JsonCache(deps.cache);
  const requireModerator = requireRole(deps.sessions, deps.identity, 'moderator');

  const load = async (q: TransparencyQuery, rid: string): Promise<{ json: Buffer; hit: boolean }> => {
    const range = reportRange(q, new Date());
    // The services answer fields.to for a backwards or too long range; checked here first so the
    // answer names the field in the caller's language without a round trip.
    if (range.to < range.from) throw new AppError({ code: 'validation_failed', kind: 'validation', message: 'Invalid month range', fields: { to: 'month_range' } });
    return jsonCache.get(`gw:transparency:${range.from}:${range.to}`, deps.ttlSeconds, () => transparencyReport(deps.reviews, deps.identity, range, rid), dataSerializer('transparency'));
  };

  app.get<{ Querystring: Validated<typeof operations.transparency.query> }>('/api/transparency', { schema: contractSchema('transparency') }, async (request, reply) => {
    const { json, hit } = await load(request.query, request.id);
    void reply.header('cache-control', PUBLIC_CACHE).header('x-cache', hit ? 'HIT' : 'MISS');
    return sendOkJson(request, reply, json);
  });

  // Unsigned: a plain link downloads it (public figures; still rate-limited per address).
  app.get<{ Querystring: Validated<typeof operations.transparencyCsv.query> }>('/api/transparency.csv', { schema: contractSchema('transparencyCsv'), config: { unsigned: true } }, async (request, reply) => {
    const { json } = await load(request.query, request.id);
    const report = JSON.parse(json.toString('utf8')) as TransparencyReport;
    return reply
      .header('cache-control', PUBLIC_CACHE)
      .header('content-disposition', `attachment; filename="brokerwise-transparency-${report.from}-${report.to}.csv"`)
      .type('text/csv; charset=utf-8')
      .send(transparencyCsv(report));
  });

  app.get('/api/admin/dashboard', { schema: contractSchema('adminDashboard') }, async (request, reply) => {
    await requireModerator(request);
    const [summary, appeals] = await Promise.all([deps.reviews.moderationSummary(request.id), deps.identity.appeals({ status: 'open', page: 1, limit: 1 }, request.id)]);
    const data: AdminDashboard = { queue: { size: summary.size, oldestSince: summary.oldest }, openAppeals: appeals.total, reportsLastWeek: summary.reportsLastWeek };
    return reply.header('cache-control', 'no-store').send({ code: 1, msg: message('ok', request.lang), time: now(), data });
  });
}
