import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { loggerOptions } from '@brokerwise/logger';
import { currentTraceHeaders, SpanKind, startTelemetry, stopTelemetry, withSpanFrom } from './index.ts';

const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const incoming = `00-${TRACE_ID}-00f067aa0ba902b7-01`;

function capture(): { lines: Record<string, unknown>[]; stream: Writable } {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const l of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(l) as Record<string, unknown>);
      done();
    },
  });
  return { lines, stream };
}

describe('telemetry', () => {
  it('continues an incoming trace through a Fastify request: log lines and the events it writes carry its trace id', async () => {
    startTelemetry({ service: 'telemetry-test', env: { OTEL_TRACES_EXPORTER: 'none' } });
    const { lines, stream } = capture();
    const { stream: _pretty, ...options } = loggerOptions({ level: 'info', service: 't', pretty: false });
    const app = Fastify({ loggerInstance: pino(options, stream) });
    let outgoing: Record<string, string> = {};
    app.get('/write', async (request) => {
      request.log.info('handled');
      outgoing = currentTraceHeaders();
      return { ok: true };
    });
    const r = await app.inject({ url: '/write', headers: { traceparent: incoming } });
    expect(r.statusCode).toBe(200);
    expect(lines.find((l) => l.msg === 'handled')).toMatchObject({ traceId: TRACE_ID });
    expect(outgoing.traceparent).toMatch(new RegExp(`^00-${TRACE_ID}-[0-9a-f]{16}-01$`));

    // An event handler continues the trace its event carried.
    const seen = await withSpanFrom({ traceparent: outgoing.traceparent ?? '' }, 'handle test.event', SpanKind.CONSUMER, {}, async () => currentTraceHeaders().traceparent);
    expect(seen).toContain(TRACE_ID);
    // Without an incoming trace a new one starts.
    const fresh = await withSpanFrom(undefined, 'job', SpanKind.INTERNAL, {}, async () => currentTraceHeaders().traceparent);
    expect(fresh).toMatch(/^00-[0-9a-f]{32}-/);
    expect(fresh).not.toContain(TRACE_ID);
    await app.close();
    await stopTelemetry();
  });
});
