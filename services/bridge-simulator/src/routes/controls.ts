import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LOGIN, type SimAccount, type SimulatedAccounts } from '../domain/accounts.ts';
import { problem } from './reply.ts';

type Control = FastifyRequest<{ Params: { login: string }; Body: { server?: string; name?: string; comment?: string; password?: string } }>;

/** /v1/sim/*: what an account's owner does on the trading platform, for tests and the demo (not part of the protocol). */
export async function controlRoutes(app: FastifyInstance, opts: { accounts: SimulatedAccounts; now: () => number }): Promise<void> {
  const { accounts } = opts;
  const controlAccount = (request: Control, reply: FastifyReply): SimAccount | null => {
    const raw: unknown = request.body?.server;
    const server = typeof raw === 'string' ? raw.trim() : '';
    if (!LOGIN.test(request.params.login) || !server) {
      void problem(reply, 400, 'bad_request', 'login and server are required');
      return null;
    }
    return accounts.accountOf(server, request.params.login);
  };

  /** Sets the account's temporary name (what a trader types in the platform's account settings). */
  app.post('/v1/sim/accounts/:login/name', async (request: Control, reply) => {
    const a = controlAccount(request, reply);
    if (!a) return reply;
    a.name = String(request.body.name ?? '').slice(0, 64);
    return { login: request.params.login, name: a.name };
  });

  /** Changes the account's read-only password, as its owner can in the platform: the old one is refused from now on. */
  app.post('/v1/sim/accounts/:login/password', async (request: Control, reply) => {
    const a = controlAccount(request, reply);
    if (!a) return reply;
    const password: unknown = request.body.password;
    if (typeof password !== 'string' || !password) return problem(reply, 400, 'bad_request', 'password is required');
    accounts.setPassword(String(request.body.server).trim(), request.params.login, password);
    return { login: request.params.login };
  });

  /** Places and closes a minimal order carrying `comment` now (flat: no profit). */
  app.post('/v1/sim/accounts/:login/orders', async (request: Control, reply) => {
    const a = controlAccount(request, reply);
    if (!a) return reply;
    return accounts.addOrder(a, opts.now(), String(request.body.comment ?? ''));
  });
}
