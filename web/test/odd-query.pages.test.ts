import { describe, expect, it } from 'vitest';
import { ODD_RUNS, pageRoutes, queryNames, useOddQueryServer } from './odd-query.ts';

/**
 * Every server-rendered page with odd query strings, signed out: none may answer 5xx (the signed-in
 * and admin pages are odd-query.user and odd-query.admin, run side by side with this file).
 */

const server = useOddQueryServer();

describe('odd query strings on every page', () => {
  it('the addresses from the bug report show an empty page or ignore the value, in both languages', async () => {
    for (const lang of ['en', 'zh-CN']) {
      for (const path of ['/search?page=99999', '/listing/Brokers?page=99999', '/topbrokers?page=99999', '/search?country=garbage']) {
        const { status, body } = await server.get(path, lang);
        expect({ path, lang, status }).toEqual({ path, lang, status: 200 });
        // Never the outage notice, nor the API's own message about its query fields.
        expect(body).not.toContain('data-testid="error-notice"');
        expect(body).not.toMatch(/between 1 and|Failed to decrypt|解密失败/);
      }
    }
    expect((await server.get('/topbrokers?page=99999')).body).toMatch(/data-testid="ranking-(empty|list)"/);
  });

  it('a page past the end of the results offers the last page', async () => {
    // The catalogue has a company (seeded by the stack) or none; either way no 5xx and a way back.
    const { status, body } = await server.get('/search?page=5000');
    expect(status).toBe(200);
    expect(body).toMatch(/data-testid="results-(past-end|empty)"[\s\S]*href="\/search(\?[^"]*)?"/);
  });

  it('finds the parameters each page reads, filters included', async () => {
    const names = new Map((await pageRoutes()).map((r) => [r.path, r.file]));
    expect(await queryNames(names.get('/search')!)).toEqual(expect.arrayContaining(['page', 'country', 'rating', 'order', 'keyword']));
    expect(await queryNames(names.get('/admin/trader-applications')!)).toEqual(expect.arrayContaining(['page', 'status']));
    expect(await queryNames(names.get('/admin/promotions')!)).toEqual(expect.arrayContaining(['page', 'edit', 'delete']));
  });

  it('generated odd query strings never answer 5xx', async () => {
    const routes = await pageRoutes();
    expect(routes.length).toBeGreaterThan(30);
    const failures = await server.serverErrors(routes, '', ODD_RUNS);
    expect({ failures, renderErrors: server.renderErrors }).toEqual({ failures: [], renderErrors: [] });
  }, 600_000);
});
