import { describe, expect, it } from 'vitest';
import { ODD_RUNS, pageRoutes, SIGNED_IN, useOddQueryServer } from './odd-query.ts';

/**
 * The admin pages with odd query strings, for a signed-in user (not an admin) and for the demo
 * admin: none may answer 5xx. The other signed-in pages are odd-query.user.
 */

const server = useOddQueryServer({ user: true, admin: true });

describe('odd query strings on the admin pages', () => {
  it('nor for a signed-in user, on the admin pages', async () => {
    const routes = (await pageRoutes()).filter((r) => SIGNED_IN.test(r.path) && r.path.startsWith('/admin/'));
    expect(routes.map((r) => r.path)).toEqual(expect.arrayContaining(['/admin/reviews', '/admin/promotions']));
    // Signed in: the session is real (a redirect to /login would test nothing).
    expect((await server.get('/user/reviews', 'en', server.userCookie)).status).toBe(200);
    const failures = await server.serverErrors(routes, server.userCookie, ODD_RUNS);
    expect({ failures, renderErrors: server.renderErrors }).toEqual({ failures: [], renderErrors: [] });
  }, 600_000);

  it('nor for the admin, on the admin pages', async () => {
    const routes = (await pageRoutes()).filter((r) => r.path.startsWith('/admin/') || r.path === '/');
    expect((await server.get('/admin/reviews', 'en', server.adminCookie)).status).toBe(200);
    const failures = await server.serverErrors(routes, server.adminCookie, ODD_RUNS);
    expect({ failures, renderErrors: server.renderErrors }).toEqual({ failures: [], renderErrors: [] });
  }, 600_000);
});
