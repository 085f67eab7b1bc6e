import type { FastifyInstance } from 'fastify';
import type { Static } from 'typebox';
import type { TraderDeps } from '../../deps.ts';
import { brokersOfAccounts } from '../../domain/brokers.ts';
import { accountOrders, bindAccount, myAccounts, requestSync, requestVerification, setVisibility, unbindAccount, verificationOf, viewAccount } from '../../domain/accounts.ts';
import { importStatement } from '../../domain/statements.ts';
import type { AccountRow } from '../../store/account.store.ts';
import type { Visibility } from '../../store/types.ts';
import { toAccountDto, toDetailDto, toOrderDto } from '../dto.ts';
import {
  AccountDetailDto,
  AccountDto,
  AccountList,
  BindBody,
  IdParams,
  OrdersPage,
  OrdersQuery,
  OwnerBody,
  OwnerQuery,
  StatementResult,
  UserParams,
  Verification,
  ViewerQuery,
  VisibilityBody,
} from './schemas.ts';

type Id = { Params: Static<typeof IdParams> };
const STATEMENT_MAX_BYTES = 8 * 1024 * 1024;

/**
 * Trader accounts. `userId` / `viewer` = the signed-in user, vouched for by the gateway. Hidden
 * accounts answer 404 to everybody but their owner. No answer ever carries the password.
 */
export async function accountRoutes(app: FastifyInstance, deps: TraderDeps): Promise<void> {
  const dto = async (rows: AccountRow[], viewer: string | undefined) => {
    const brokers = await brokersOfAccounts(deps, rows);
    return rows.map((r) => toAccountDto(r, brokers, viewer));
  };
  const one = async (row: AccountRow, viewer: string | undefined) => (await dto([row], viewer))[0]!;

  app.post<{ Body: Static<typeof BindBody> }>('/v1/accounts', { schema: { body: BindBody, response: { 200: AccountDto } } }, async (request) => {
    const b = request.body;
    const row = await bindAccount(deps, { ...b, userId: b.userId.toLowerCase() }, { correlationId: request.id });
    deps.relay.poke();
    deps.pokeSync();
    return one(row, row.user_id);
  });

  app.get<{ Params: Static<typeof UserParams> }>('/v1/users/:userId/accounts', { schema: { params: UserParams, response: { 200: AccountList } } }, async (request) => {
    const userId = request.params.userId.toLowerCase();
    return { items: await dto(await myAccounts(deps, userId), userId) };
  });

  app.get<Id & { Querystring: Static<typeof ViewerQuery> }>('/v1/accounts/:id', { schema: { params: IdParams, querystring: ViewerQuery, response: { 200: AccountDetailDto } } }, async (request) => {
    const viewer = request.query.viewer?.toLowerCase();
    const row = await viewAccount(deps, request.params.id, viewer);
    const brokers = await brokersOfAccounts(deps, [row]);
    return toDetailDto(row, brokers, viewer);
  });

  app.get<Id & { Querystring: Static<typeof OrdersQuery> }>('/v1/accounts/:id/orders', { schema: { params: IdParams, querystring: OrdersQuery, response: { 200: OrdersPage } } }, async (request) => {
    const q = request.query;
    const { rows, total } = await accountOrders(deps, request.params.id, q.viewer?.toLowerCase(), { page: q.page, limit: q.limit });
    return { items: rows.map(toOrderDto), total };
  });

  app.post<Id & { Body: Static<typeof OwnerBody> }>('/v1/accounts/:id/sync', { schema: { params: IdParams, body: OwnerBody, response: { 200: AccountDto } } }, async (request) => {
    const row = await requestSync(deps, request.params.id, request.body.userId.toLowerCase());
    deps.pokeSync();
    return one(row, row.user_id);
  });

  app.post<Id & { Body: Static<typeof VisibilityBody> }>('/v1/accounts/:id/visibility', { schema: { params: IdParams, body: VisibilityBody, response: { 200: AccountDto } } }, async (request) => {
    const row = await setVisibility(deps, request.params.id, request.body.userId.toLowerCase(), request.body.visibility as Visibility, { correlationId: request.id });
    deps.relay.poke();
    return one(row, row.user_id);
  });

  app.post<Id & { Body: Static<typeof OwnerBody> }>('/v1/accounts/:id/unbind', { schema: { params: IdParams, body: OwnerBody, response: { 200: AccountDto } } }, async (request) => {
    const row = await unbindAccount(deps, request.params.id, request.body.userId.toLowerCase(), { correlationId: request.id });
    deps.relay.poke();
    return one(row, row.user_id);
  });

  // The statement itself is the body (text/html), so the upload needs no multipart parsing.
  await app.register(async (scope) => {
    scope.addContentTypeParser(['text/html', 'text/plain', 'application/octet-stream'], { parseAs: 'string', bodyLimit: STATEMENT_MAX_BYTES }, (_req, body, done) => done(null, body));
    scope.post<Id & { Querystring: Static<typeof OwnerQuery>; Body: string }>(
      '/v1/accounts/:id/statement',
      { schema: { params: IdParams, querystring: OwnerQuery, response: { 200: StatementResult } }, bodyLimit: STATEMENT_MAX_BYTES },
      async (request) => {
        const userId = request.query.userId.toLowerCase();
        const { account, added, format } = await importStatement(deps, request.params.id, userId, String(request.body ?? ''), { correlationId: request.id });
        deps.relay.poke();
        return { account: await one(account, userId), added, format };
      },
    );
  });

  const verification = (row: AccountRow) => ({
    verified: row.verified_at !== null,
    verifiedAt: row.verified_at ? row.verified_at.toISOString() : null,
    code: row.verified_at === null && row.verify_expires_at && row.verify_expires_at > deps.now() ? row.verify_code : null,
    expiresAt: row.verified_at === null && row.verify_expires_at && row.verify_expires_at > deps.now() ? row.verify_expires_at.toISOString() : null,
  });

  app.post<Id & { Body: Static<typeof OwnerBody> }>('/v1/accounts/:id/verification', { schema: { params: IdParams, body: OwnerBody, response: { 200: Verification } } }, async (request) =>
    verification(await requestVerification(deps, request.params.id, request.body.userId.toLowerCase())),
  );

  app.get<Id & { Querystring: Static<typeof OwnerQuery> }>('/v1/accounts/:id/verification', { schema: { params: IdParams, querystring: OwnerQuery, response: { 200: Verification } } }, async (request) =>
    verification(await verificationOf(deps, request.params.id, request.query.userId.toLowerCase())),
  );
}
