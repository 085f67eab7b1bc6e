import type { FastifyInstance } from 'fastify';

export interface RunServerOptions {
  port: number;
  host: string;
  /** Longest wait for in-flight requests and consumers before the process exits anyway. */
  shutdownTimeoutMs: number;
  /** Closed after the HTTP server stopped taking requests (consumers, relay, bus, db…), in order. */
  closers?: (() => Promise<void>)[];
}

/**
 * Listens, and on SIGTERM/SIGINT stops taking requests, waits for in-flight ones, then closes
 * resources. Exits non-zero when shutdown overruns its budget.
 */
export async function runServer(app: FastifyInstance, opts: RunServerOptions): Promise<{ close: () => Promise<void> }> {
  await app.listen({ port: opts.port, host: opts.host });
  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= (async () => {
      await app.close();
      for (const c of opts.closers ?? []) {
        try {
          await c();
        } catch (err) {
          app.log.warn({ err }, 'error while closing a resource');
        }
      }
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
    void close().then(() => process.exit(0));
  };
  process.once('SIGTERM', onSignal);
  process.once('SIGINT', onSignal);
  return { close };
}
