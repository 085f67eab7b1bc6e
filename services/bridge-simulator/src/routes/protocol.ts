import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isRefusal, MAX_LIMIT, type SimAccount, type SimulatedAccounts } from '../domain/accounts.ts';
import { problem, refuse } from './reply.ts';

type LoginReq = FastifyRequest<{ Params: { login: string } }>;

/** The broker bridge protocol (services/trader-sync/docs/bridge-protocol.md): an account's summary and its deals. */
export async function protocolRoutes(app: FastifyInstance, opts: { accounts: SimulatedAccounts; now: () => number; hangMs: number; hanging: Set<() => void> }): Promise<void> {
  const { accounts, hanging } = opts;

  const hang = (reply: FastifyReply) =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        hanging.delete(done);
        resolve();
      };
      const timer = setTimeout(done, opts.hangMs);
      hanging.add(done);
      reply.raw.once('close', done);
    }).then(() => problem(reply, 504, 'timeout', 'The trading server did not answer'));

  /** The account, or null when the reply (a refusal, or a hang then a timeout) was sent. */
  const authenticate = async (request: LoginReq, reply: FastifyReply): Promise<SimAccount | null> => {
    const auth = String(request.headers.authorization ?? '');
    const [user, password] = auth.startsWith('Basic ') ? Buffer.from(auth.slice(6), 'base64').toString('utf8').split(/:(.*)/s) : [];
    const server = String(request.headers['x-bridge-server'] ?? '').trim();
    const answer = accounts.authenticate(server, request.params.login, { user, password });
    if (answer === 'hang') {
      await hang(reply);
      return null;
    }
    if (isRefusal(answer)) {
      void refuse(reply, answer);
      return null;
    }
    return answer;
  };

  // Hanging requests end at shutdown.
  app.addHook('preClose', async () => {
    for (const done of [...hanging]) done();
  });

  app.get('/v1/accounts/:login/summary', async (request: LoginReq, reply) => {
    const a = await authenticate(request, reply);
    if (!a) return reply;
    return accounts.summary(a, String(request.headers['x-bridge-server']), request.params.login, opts.now());
  });

  app.get('/v1/accounts/:login/deals', async (request: LoginReq, reply) => {
    const q = request.query as { cursor?: string; limit?: string };
    const limit = q.limit === undefined ? 100 : Number(q.limit);
    if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT) return problem(reply, 400, 'bad_request', `limit must be 1–${MAX_LIMIT}`);
    let from = 0;
    if (q.cursor) {
      const m = /^c([0-9]{1,9})$/.exec(Buffer.from(q.cursor, 'base64url').toString('utf8'));
      if (!m) return problem(reply, 400, 'bad_cursor', 'Unknown cursor');
      from = Number(m[1]);
    }
    const a = await authenticate(request, reply);
    if (!a) return reply;
    const page = accounts.dealsPage(a, request.params.login, opts.now(), from, limit);
    if (isRefusal(page)) return refuse(reply, page);
    return { items: page.items, nextCursor: Buffer.from(`c${page.next}`).toString('base64url'), hasMore: page.hasMore };
  });
}
