import { describe, expect, it } from 'vitest';
import { ODD_RUNS, pageRoutes, SIGNED_IN, useOddQueryServer } from './odd-query.ts';

/**
 * The pages whose answer depends on who is signed in, with odd query strings, for a signed-in user:
 * none may answer 5xx. The admin pages are odd-query.admin (for this user and for the admin).
 */

const server = useOddQueryServer({ user: true });

describe('odd query strings for a signed-in user', () => {
  it('nor for a signed-in user, on the account and trader pages and home', async () => {
    const signedIn = (await pageRoutes()).filter((r) => SIGNED_IN.test(r.path));
    expect(signedIn.map((r) => r.path)).toEqual(expect.arrayContaining(['/', '/user/reviews', '/user/notice', '/trader/account', '/admin/reviews']));
    const routes = signedIn.filter((r) => !r.path.startsWith('/admin/'));
    // Signed in: the guarded pages render (a redirect to /login would test nothing).
    expect((await server.get('/user/reviews', 'en', server.userCookie)).status).toBe(200);
    const failures = await server.serverErrors(routes, server.userCookie, ODD_RUNS);
    expect({ failures, renderErrors: server.renderErrors }).toEqual({ failures: [], renderErrors: [] });
  }, 600_000);
});
