import underPressure from '@fastify/under-pressure';
import type { FastifyInstance } from 'fastify';
import { AppError } from '@brokerwise/errors';

/**
 * Load shedding (@fastify/under-pressure): while the event loop lags or is saturated (or the heap
 * is over its limit) new requests are answered at once with 503 and `Retry-After`, through the
 * process's error handler (the envelope on the gateway), instead of queuing until every request
 * times out. 0 turns a check off.
 */
export interface PressureOptions {
  /** Mean event-loop delay (ms, per sample) above which requests are shed. Default 500. */
  maxEventLoopDelayMs?: number;
  /** Event-loop utilisation (0–1, per sample) above which requests are shed. Default 0 (off). */
  maxEventLoopUtilization?: number;
  /** Heap in use (bytes) above which requests are shed. Default 0 (off: container limits vary). */
  maxHeapUsedBytes?: number;
  /** Seconds a shed caller is told to wait. Default 5. */
  retryAfterSeconds?: number;
  /** How often the figures are sampled (ms). Default 1000. */
  sampleIntervalMs?: number;
}

/** The common PRESSURE_* settings (packages/config) as PressureOptions. */
export function pressureOptions(settings: {
  PRESSURE_MAX_EVENT_LOOP_DELAY_MS: number;
  PRESSURE_MAX_EVENT_LOOP_UTILIZATION: number;
  PRESSURE_MAX_HEAP_BYTES: number;
  PRESSURE_RETRY_AFTER_SECONDS: number;
}): PressureOptions {
  return {
    maxEventLoopDelayMs: settings.PRESSURE_MAX_EVENT_LOOP_DELAY_MS,
    maxEventLoopUtilization: settings.PRESSURE_MAX_EVENT_LOOP_UTILIZATION,
    maxHeapUsedBytes: settings.PRESSURE_MAX_HEAP_BYTES,
    retryAfterSeconds: settings.PRESSURE_RETRY_AFTER_SECONDS,
  };
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Answered even under pressure. The health probes set it: a liveness probe failing because the
     * pod is busy gets it restarted, which drops its in-flight work and moves its load onto the
     * other pods (a cascade); readiness failing on every busy pod at once empties the Service. The
     * 503s on ordinary requests already relieve the pod.
     */
    exemptFromPressure?: boolean;
  }
}

export function registerPressure(app: FastifyInstance, opts: PressureOptions): void {
  const retryAfter = opts.retryAfterSeconds ?? 5;
  void app.register(underPressure, {
    maxEventLoopDelay: opts.maxEventLoopDelayMs ?? 500,
    maxEventLoopUtilization: opts.maxEventLoopUtilization ?? 0,
    maxHeapUsedBytes: opts.maxHeapUsedBytes ?? 0,
    sampleInterval: opts.sampleIntervalMs ?? 1_000,
    // Per sample, not since the process started (the plugin's default).
    eventLoopUtilizationMode: 'interval',
    retryAfter,
    // A rejection goes to the error handler (the envelope, in the caller's language); resolving lets the request through.
    pressureHandler: async (request, _reply, type, value) => {
      if (request.routeOptions.config.exemptFromPressure === true) return;
      request.log.warn({ type, value }, 'shedding load');
      throw new AppError({ code: 'server_busy', kind: 'unavailable', message: 'Server busy', retryAfter });
    },
  });
}
