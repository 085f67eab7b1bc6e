import { describe, expect, it } from 'vitest';
import { AppError } from '@brokerwise/errors';
import { buildFastify, registerHealth } from '../src/index.ts';

describe('service kit Fastify', () => {
  it('maps AppError codes to statuses and hides internals of 5xx', async () => {
    const app = buildFastify({ service: 't', logLevel: 'silent', trustRequestId: true, pretty: false });
    app.get('/refused', async () => {
      throw new AppError({ code: 'thing.invalid', kind: 'validation', message: 'bad', fields: { x: 'required' } });
    });
    app.get('/broken', async () => {
      throw new Error('database password is hunter2');
    });
    const refused = await app.inject({ url: '/refused', headers: { 'x-request-id': 'req-abc.123' } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ error: { code: 'thing.invalid', fields: { x: 'required' }, requestId: 'req-abc.123' } });
    expect(refused.headers['x-request-id']).toBe('req-abc.123');
    // An id that could forge log lines or headers is replaced, not echoed.
    const forged = await app.inject({ url: '/refused', headers: { 'x-request-id': 'x\u2028{"level":60}'.repeat(3) } });
    expect(forged.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const broken = await app.inject({ url: '/broken' });
    expect(broken.statusCode).toBe(500);
    expect(broken.body).not.toContain('hunter2');
    expect(broken.json().error.code).toBe('internal');
  });

  it('turns schema failures into field codes', async () => {
    const app = buildFastify({ service: 't', logLevel: 'silent', trustRequestId: false, pretty: false });
    app.get('/q', { schema: { querystring: { type: 'object', properties: { n: { type: 'integer', maximum: 5 } }, required: ['n'] } } }, async () => 'ok');
    const missing = await app.inject({ url: '/q' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields).toEqual({ n: 'required' });
    const big = await app.inject({ url: '/q?n=9' });
    expect(big.json().error.fields).toEqual({ n: 'maximum' });
  });

  it('is ready only when every dependency answers', async () => {
    const app = buildFastify({ service: 't', logLevel: 'silent', trustRequestId: false, pretty: false });
    let bus = true;
    registerHealth(app, [
      { name: 'database', check: async () => {} },
      { name: 'bus', check: async () => { if (!bus) throw new Error('connection refused'); } },
    ]);
    expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200);
    expect((await app.inject({ url: '/readyz' })).statusCode).toBe(200);
    bus = false;
    const r = await app.inject({ url: '/readyz' });
    expect(r.statusCode).toBe(503);
    expect(r.json().checks).toMatchObject({ database: 'ok', bus: 'failed: connection refused' });
  });
});
