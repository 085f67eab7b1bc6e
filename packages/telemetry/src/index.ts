/**
 * OpenTelemetry tracing for every process: one trace from the browser request through the web
 * tier, the gateway, the service, the outbox row, the NATS message and each consumer (ADR 018).
 *
 * Spans always exist, so every log line carries a trace id even with nothing to send them to;
 * they leave the process only when the standard `OTEL_*` variables ask for it
 * (`OTEL_EXPORTER_OTLP_ENDPOINT` or `OTEL_TRACES_EXPORTER=otlp|console`). `OTEL_SDK_DISABLED=true`
 * turns it all off.
 */
import { context, propagation, trace, SpanKind, SpanStatusCode, type Context, type Span } from '@opentelemetry/api';
import { FastifyOtelInstrumentation } from '@fastify/otel';
import { UndiciInstrumentation } from '@opentelemetry/instrumentation-undici';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { NodeSDK, type NodeSDKConfiguration } from '@opentelemetry/sdk-node';

export { SpanKind, SpanStatusCode, type Span, type Context };

let sdk: NodeSDK | undefined;

/** Where spans go: OTLP or the console when configured by `OTEL_*`, else nowhere (ids for logs only). */
type SpanProcessor = NonNullable<NodeSDKConfiguration['spanProcessors']>[number];

/** Spans are made (their ids go into log lines) but sent nowhere. */
const keepNothing: SpanProcessor = { onStart: () => {}, onEnd: () => {}, forceFlush: async () => {}, shutdown: async () => {} };

function spanProcessors(env: NodeJS.ProcessEnv): SpanProcessor[] | undefined {
  const exporters = (env.OTEL_TRACES_EXPORTER ?? (env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ? 'otlp' : 'none')).split(',').map((s) => s.trim());
  // NodeSDK builds OTLP/console exporters from the same variables when we leave them unset.
  if (exporters.some((e) => e !== 'none')) return undefined;
  return [keepNothing];
}

export interface TelemetryOptions {
  /** `service.name` of the spans (OTEL_SERVICE_NAME wins when set). */
  service: string;
  env?: NodeJS.ProcessEnv;
}

/**
 * Starts tracing for this process. Call it before the modules that use pg are loaded (each
 * deployable's `server.ts` imports the service after this), and before any Fastify instance is
 * made: @fastify/otel instruments every instance as it is created, undici (fetch, reply-from)
 * through its diagnostics channels.
 */
export function startTelemetry(opts: TelemetryOptions): void {
  const env = opts.env ?? process.env;
  if (sdk || env.OTEL_SDK_DISABLED === 'true') return;
  env.OTEL_SERVICE_NAME ??= opts.service;
  // Metrics are Prometheus on the management port and logs are pino on stdout: traces only here.
  env.OTEL_METRICS_EXPORTER ??= 'none';
  env.OTEL_LOGS_EXPORTER ??= 'none';
  const processors = spanProcessors(env);
  sdk = new NodeSDK({
    serviceName: env.OTEL_SERVICE_NAME,
    ...(processors ? { spanProcessors: processors } : {}),
    instrumentations: [
      new FastifyOtelInstrumentation({ registerOnInitialization: true, ignorePaths: (opts) => /^\/(healthz|readyz|metrics)(\?|$)/.test(opts.url) }),
      new UndiciInstrumentation(),
      new PgInstrumentation({ requireParentSpan: true }),
    ],
  });
  sdk.start();
}

/** Sends the spans still buffered (at shutdown). */
export async function stopTelemetry(): Promise<void> {
  const s = sdk;
  sdk = undefined;
  await s?.shutdown().catch(() => {});
}

/** The active trace and span ids, for log lines. */
export function activeTraceIds(): { traceId: string; spanId: string } | undefined {
  const span = trace.getActiveSpan();
  if (!span) return undefined;
  const { traceId, spanId, traceFlags } = span.spanContext();
  // A non-recording placeholder (no SDK) has the all-zero id: nothing to log.
  if (!traceFlags && /^0+$/.test(traceId)) return undefined;
  return { traceId, spanId };
}

/** W3C trace context (`traceparent`, `tracestate`) of the active span, to travel with an event. */
export function currentTraceHeaders(): Record<string, string> {
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  return carrier;
}

const tracer = () => trace.getTracer('brokerwise');

/**
 * Runs `fn` in a span whose parent is the trace context carried in `headers` (an incoming event
 * or request), so the work it does (SQL, events it writes) joins the same trace.
 */
export async function withSpanFrom<T>(
  headers: Record<string, string | string[] | undefined> | undefined,
  name: string,
  kind: SpanKind,
  attributes: Record<string, string | number>,
  fn: (span: Span) => Promise<T>,
): Promise<T> {
  const parent = headers ? propagation.extract(context.active(), headers) : context.active();
  return tracer().startActiveSpan(name, { kind, attributes }, parent, async (span) => {
    try {
      return await fn(span);
    } catch (err) {
      span.recordException(err as Error);
      span.setStatus({ code: SpanStatusCode.ERROR, message: (err as Error)?.message });
      throw err;
    } finally {
      span.end();
    }
  });
}
