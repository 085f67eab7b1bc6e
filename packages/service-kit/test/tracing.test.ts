import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryBus } from '@brokerwise/bus';
import { loggerOptions } from '@brokerwise/logger';
import { encodeEvent } from '@brokerwise/proto';
import { createTestDatabase, runMigrations, type TestDatabase } from '@brokerwise/sql';
import { startTelemetry, stopTelemetry } from '@brokerwise/telemetry';
import { buildFastify, consumeEvents, enqueueEvent, kitMigrations, OutboxRelay, type KitTables } from '../src/index.ts';

const TRACE_ID = '0af7651916cd43dd8448eb211c80319c';

function capturedLog(): { lines: Record<string, unknown>[]; log: pino.Logger } {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const l of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(l) as Record<string, unknown>);
      done();
    },
  });
  const { stream: _pretty, ...options } = loggerOptions({ level: 'info', service: 'consumer', pretty: false });
  return { lines, log: pino(options, stream) };
}

describe('one trace and one request id from a request through the outbox to every consumer', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    startTelemetry({ service: 'tracing-test', env: { OTEL_TRACES_EXPORTER: 'none' } });
    t = await createTestDatabase('kit_trace', process.env.DATABASE_URL);
    await runMigrations(t, kitMigrations);
  });
  afterAll(async () => {
    await t?.destroy();
    await stopTelemetry();
  });

  it('stamps the request id and trace on the outbox row; the consumer logs and continues both', async () => {
    const bus = new MemoryBus();
    const relay = new OutboxRelay({ db: t.db, bus, log: pino({ level: 'silent' }) });
    const app = buildFastify({ service: 'writer', logLevel: 'silent', trustRequestId: true, pretty: false });
    app.post('/companies/:slug/remove', async (request) => {
      const { slug } = request.params as { slug: string };
      // No correlation id given: the outbox takes the request's.
      const event = encodeEvent('catalogue.company.removed', { id: crypto.randomUUID(), slug, version: 1n }, { producer: 'test' });
      await t.db.transaction().execute((trx) => enqueueEvent(trx, event));
      return { id: event.id };
    });

    const seen: { correlationId: string; followUp: string }[] = [];
    const { lines, log } = capturedLog();
    await consumeEvents({
      bus,
      db: t.db,
      log,
      durable: 'trace-consumer',
      handlers: {
        'catalogue.company.removed': async (payload: { slug: string }, ctx) => {
          // What this handler writes joins the same trace and request.
          const followUp = encodeEvent('catalogue.company.removed', { id: crypto.randomUUID(), slug: `${payload.slug}-again`, version: 2n }, { producer: 'test' });
          await enqueueEvent(ctx.trx, followUp);
          seen.push({ correlationId: ctx.correlationId, followUp: followUp.id });
        },
      },
    });

    const requestId = 'req-trace-0001';
    const r = await app.inject({ method: 'POST', url: '/companies/acme/remove', headers: { 'x-request-id': requestId, traceparent: `00-${TRACE_ID}-b7ad6b7169203331-01` } });
    expect(r.statusCode).toBe(200);
    expect(r.headers['x-request-id']).toBe(requestId);
    const db = t.db as unknown as import('@brokerwise/sql').Kysely<KitTables>;
    const row = await db.selectFrom('outbox').selectAll().where('id', '=', (r.json() as { id: string }).id).executeTakeFirstOrThrow();
    expect(row.correlation_id).toBe(requestId);
    expect(JSON.parse(row.trace_context ?? '{}').traceparent).toContain(TRACE_ID);

    await relay.drainOnce();
    await expect.poll(() => seen.length).toBe(1);
    expect(seen[0]?.correlationId).toBe(requestId);
    // The handler runs inside the consumer's transaction; "event handled" is logged after it commits.
    await expect.poll(() => lines.some((l) => l.msg === 'event handled')).toBe(true);
    const handled = lines.find((l) => l.msg === 'event handled');
    expect(handled).toMatchObject({ traceId: TRACE_ID, reqId: requestId, eventType: 'catalogue.company.removed', durable: 'trace-consumer', attempt: 1 });
    expect(typeof handled?.durationMs).toBe('number');

    const followUp = await db.selectFrom('outbox').selectAll().where('id', '=', seen[0]?.followUp ?? '').executeTakeFirstOrThrow();
    expect(followUp.correlation_id).toBe(requestId);
    expect(JSON.parse(followUp.trace_context ?? '{}').traceparent).toContain(TRACE_ID);
    await app.close();
    await bus.close();
  });
});
