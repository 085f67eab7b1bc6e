import { describe, expect, it } from 'vitest';
import { buildFastify, registerHealth } from '../src/index.ts';

/** Keeps this thread (and so the app's event loop) busy for `ms`. */
function busy(ms: number): void {
  const end = performance.now() + ms;
  while (performance.now() < end) {
    // spin
  }
}

describe('load shedding', () => {
  it('answers 503 with Retry-After while the event loop lags, and keeps the health probes answering', async () => {
    const app = buildFastify({ service: 't', logLevel: 'silent', trustRequestId: false, pretty: false, pressure: { maxEventLoopDelayMs: 1, sampleIntervalMs: 50, retryAfterSeconds: 7 } });
    registerHealth(app, [], { watchIntervalMs: 0 });
    app.get('/work', async () => ({ done: true }));
    await app.ready();
    try {
      // A stall shows from the next sample on (the poll's own pause lets one be taken).
      let shed: Awaited<ReturnType<typeof app.inject>> | undefined;
      let probes: Awaited<ReturnType<typeof app.inject>>[] = [];
      await expect
        .poll(
          async () => {
            busy(120);
            const [work, live, ready] = await Promise.all([app.inject({ url: '/work' }), app.inject({ url: '/healthz' }), app.inject({ url: '/readyz' })]);
            shed = work;
            probes = [live, ready];
            return work.statusCode;
          },
          { timeout: 15_000, interval: 10 },
        )
        .toBe(503);
      expect(shed!.headers['retry-after']).toBe('7');
      expect(shed!.json()).toMatchObject({ error: { code: 'server_busy', kind: 'unavailable' } });
      expect(probes.map((p) => p.statusCode)).toEqual([200, 200]);
    } finally {
      await app.close();
    }
  });

  it('can be turned off', async () => {
    const app = buildFastify({ service: 't', logLevel: 'silent', trustRequestId: false, pretty: false, pressure: false });
    app.get('/work', async () => ({ done: true }));
    await app.ready();
    expect(app.hasDecorator('isUnderPressure')).toBe(false);
    const app2 = buildFastify({ service: 't', logLevel: 'silent', trustRequestId: false, pretty: false });
    await app2.ready();
    expect(app2.hasDecorator('isUnderPressure')).toBe(true);
    await Promise.all([app.close(), app2.close()]);
  });
});
