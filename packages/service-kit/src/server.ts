import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { stopTelemetry } from '@brokerwise/telemetry';
import { startMetricsServerIfSet } from '@brokerwise/metrics';

export interface RunServerOptions {
  port: number;
  host: string;
  /** Longest wait for in-flight requests and consumers before the process exits anyway. */
  shutdownTimeoutMs: number;
  /** Closed after the HTTP server stopped taking requests (consumers, relay, bus, db…), in order. */
  closers?: (() => Promise<void>)[];
  /** The Prometheus management server (METRICS_PORT, METRICS_HOST); no port: none. Closed last. */
  metrics?: { port?: number | undefined; host?: string | undefined };
}

/**
 * Listens, and on SIGTERM/SIGINT stops taking requests, waits for in-flight ones, then closes
 * resources. Exits non-zero when shutdown overruns its budget.
 */
export async function runServer(app: FastifyInstance, opts: RunServerOptions): Promise<{ close: () => Promise<void>; metricsPort?: number }> {
  const endConnections = trackConnections(app.server);
  await app.listen({ port: opts.port, host: opts.host });
  const metrics = await startMetricsServerIfSet({ port: opts.metrics?.port, host: opts.metrics?.host ?? opts.host });
  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= (async () => {
      const closed = app.close();
      endConnections();
      await closed;
      for (const c of opts.closers ?? []) {
        try {
          await c();
        } catch (err) {
          app.log.warn({ err }, 'error while closing a resource');
        }
      }
      await metrics?.close();
    })();
    return closing;
  };
  const onSignal = (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      app.log.error('shutdown timed out');
      process.exit(1);
    }, opts.shutdownTimeoutMs);
    timer.unref();
    // Spans still buffered leave before the process does.
    void close().then(stopTelemetry).then(() => process.exit(0));
  };
  process.once('SIGTERM', onSignal);
  process.once('SIGINT', onSignal);
  return { close, ...(metrics ? { metricsPort: metrics.port } : {}) };
}

/**
 * Node's `server.close()` waits for every open connection but ends only those idle between two
 * requests: a connection that never carried a request (undici opens one when a caller aborts a
 * request, nodejs/undici#5845) or one whose request was in flight at close time and is then kept
 * alive holds `close()` until the client or `headersTimeout` ends it, a minute and more. At close,
 * connections without a request in flight end now, the others once their response is sent.
 */
function trackConnections(server: Server): () => void {
  const sockets = new Set<Socket>();
  const inFlight = new Map<Socket, number>();
  let closing = false;
  server.on('connection', (socket: Socket) => {
    if (closing) return void socket.destroy();
    sockets.add(socket);
    socket.once('close', () => {
      sockets.delete(socket);
      inFlight.delete(socket);
    });
  });
  server.on('request', (req, res) => {
    const socket = req.socket;
    inFlight.set(socket, (inFlight.get(socket) ?? 0) + 1);
    res.once('close', () => {
      const left = (inFlight.get(socket) ?? 1) - 1;
      if (left > 0) return void inFlight.set(socket, left);
      inFlight.delete(socket);
      if (closing) socket.destroy();
    });
  });
  return () => {
    closing = true;
    for (const socket of sockets) if (!inFlight.has(socket)) socket.destroy();
  };
}
