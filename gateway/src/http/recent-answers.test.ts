import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { RecentAnswers } from './cached.ts';

describe('RecentAnswers', () => {
  it('shares one load between readers until any write through the app forgets it', async () => {
    const recent = new RecentAnswers(60_000);
    const app = Fastify();
    recent.clearOnWrites(app);
    let version = 1;
    let loads = 0;
    app.get('/read', async (_request, reply) => reply.type('application/json').send(await recent.get('k', async () => (loads++, { version }))));
    app.post('/write', async () => {
      version++;
      return { ok: true };
    });
    const read = async () => (await app.inject({ url: '/read' })).json() as { version: number };
    expect(await read()).toEqual({ version: 1 });
    expect(await read()).toEqual({ version: 1 });
    expect(loads).toBe(1);
    await app.inject({ method: 'POST', url: '/write' });
    expect(await read()).toEqual({ version: 2 });
    expect(loads).toBe(2);
    await app.close();
  });

  it('keeps no failure, and nothing at all with no time to keep it', async () => {
    const recent = new RecentAnswers(60_000);
    await expect(recent.get('k', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect((await recent.get('k', async () => 'back')).toString()).toBe('"back"');
    const none = new RecentAnswers(0);
    let loads = 0;
    await none.get('k', async () => ++loads);
    await none.get('k', async () => ++loads);
    expect(loads).toBe(2);
  });
});
