import type { FastifyInstance } from 'fastify';
import { requireAdminCaller } from '@brokerwise/service-kit';
import type { Static } from 'typebox';
import type { TraderDeps } from '../../deps.ts';
import { decideApplication, findServers, listApplications, listBindableBrokers, submitApplication, topTraders, verifiedClients } from '../../domain/brokers.ts';
import type { RankSort } from '../../store/account.store.ts';
import { toAccountDto, toApplicationDto } from '../dto.ts';
import {
  ApplicationDto,
  ApplicationPage,
  ApplicationParams,
  ApplicationsQuery,
  ApplyBody,
  BrokerList,
  DecideBody,
  RankingPage,
  RankingQuery,
  ServerList,
  ServersQuery,
  VerifiedBody,
  VerifiedDto,
} from './schemas.ts';

/** Brokers and servers accounts bind at, the Top Trader ranking, verified clients, broker applications. */
export async function brokerRoutes(app: FastifyInstance, deps: TraderDeps): Promise<void> {
  app.get('/v1/brokers', { schema: { response: { 200: BrokerList } } }, async () => ({
    items: (await listBindableBrokers(deps)).map((b) => ({ companyId: b.company_id, slug: b.slug, name: b.name, servers: b.servers })),
  }));

  app.get<{ Querystring: Static<typeof ServersQuery> }>('/v1/servers', { schema: { querystring: ServersQuery, response: { 200: ServerList } } }, async (request) => ({
    items: (await findServers(deps, request.query.query, request.query.limit)).map((s) => ({ id: s.id, name: s.name, kind: s.kind, broker: { companyId: s.company_id, slug: s.slug, name: s.broker_name } })),
  }));

  app.get<{ Querystring: Static<typeof RankingQuery> }>('/v1/ranking', { schema: { querystring: RankingQuery, response: { 200: RankingPage } } }, async (request) => {
    const q = request.query;
    const { rows, total, brokers } = await topTraders(deps, { broker: q.broker, minDays: q.minDays, type: q.type }, q.sort as RankSort, { page: q.page, limit: q.limit });
    return { items: rows.map((r, i) => ({ rank: (q.page - 1) * q.limit + i + 1, account: toAccountDto(r, brokers, undefined) })), total };
  });

  /** For the gateway's review presenter: which (user, company) pairs are verified clients. */
  app.post<{ Body: Static<typeof VerifiedBody> }>('/v1/verified-clients', { schema: { body: VerifiedBody, response: { 200: VerifiedDto } } }, async (request) => ({
    verified: await verifiedClients(
      deps,
      request.body.pairs.map((p) => ({ userId: p.userId.toLowerCase(), companyId: p.companyId.toLowerCase() })),
    ),
  }));

  app.post<{ Body: Static<typeof ApplyBody> }>('/v1/applications', { schema: { body: ApplyBody, response: { 200: ApplicationDto } } }, async (request) =>
    toApplicationDto(await submitApplication(deps, { ...request.body, userId: request.body.userId.toLowerCase() })),
  );

  app.get<{ Querystring: Static<typeof ApplicationsQuery> }>('/v1/applications', { schema: { querystring: ApplicationsQuery, response: { 200: ApplicationPage } } }, async (request) => {
    const q = request.query;
    // Everyone's applications are the administrators' list; a user's own (`userId`, checked against the token) is theirs.
    if (!q.userId) requireAdminCaller(request);
    const { rows, total } = await listApplications(deps, { status: q.status, userId: q.userId?.toLowerCase() }, { page: q.page, limit: q.limit });
    return { items: rows.map(toApplicationDto), total };
  });

  app.post<{ Params: Static<typeof ApplicationParams>; Body: Static<typeof DecideBody> }>(
    '/v1/applications/:id/decision',
    { schema: { params: ApplicationParams, body: DecideBody, response: { 200: ApplicationDto } } },
    async (request) => {
      const b = request.body;
      const row = await decideApplication(deps, request.params.id, { adminId: b.adminId.toLowerCase(), decision: b.decision, reason: b.reason, broker: b.broker }, { correlationId: request.id });
      deps.relay.poke();
      return toApplicationDto(row);
    },
  );
}
