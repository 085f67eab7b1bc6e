/**
 * The web server on its own thread: `npm start` runs every service and the gateway on the main
 * thread, and server rendering is the heaviest work of a page view, so giving it a worker thread
 * lets it use a second core (production runs web as its own process instead: web/bin/web.ts).
 */
import { Worker } from 'node:worker_threads';
import type { MetricsJson } from '@brokerwise/metrics';
import type { WebServerOptions } from './server.ts';

type ThreadOptions = Omit<WebServerOptions, 'onError' | 'dev' | 'buildDir' | 'reusePort'>;
type FromThread = { type: 'listening'; port: number } | { type: 'failed'; error: string } | { type: 'closed' } | { type: 'metrics'; id: number; metrics: MetricsJson };

interface WebThreads {
  port: number;
  close: () => Promise<void>;
  /** Each thread's metrics registry (render times), for the process's metrics server to sum. */
  metrics: () => Promise<MetricsJson[]>;
}

/**
 * `threads` render threads share one port (SO_REUSEPORT: the kernel spreads the gateway's
 * connections over them), so rendering can use every core the services leave idle.
 */
export async function startWebServerThreads(opts: ThreadOptions, threads: number): Promise<WebThreads> {
  const first = await startWebServerThread({ ...opts, reusePort: threads > 1 });
  const rest = await Promise.all(Array.from({ length: threads - 1 }, () => startWebServerThread({ ...opts, port: first.port, reusePort: true })));
  return {
    port: first.port,
    close: async () => {
      await Promise.all([first, ...rest].map((t) => t.close()));
    },
    metrics: async () => (await Promise.all([first, ...rest].map((t) => t.metrics()))).flat(),
  };
}

export async function startWebServerThread(opts: ThreadOptions & { reusePort?: boolean }): Promise<WebThreads> {
  const worker = new Worker(new URL('./thread-entry.ts', import.meta.url), { workerData: opts, env: process.env });
  const port = await new Promise<number>((resolve, reject) => {
    const onMessage = (msg: FromThread) => {
      if (msg.type === 'listening') resolve(msg.port);
      if (msg.type === 'failed') reject(new Error(`web thread failed to start: ${msg.error}`));
    };
    worker.on('message', onMessage);
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`web thread exited with code ${code}`)));
  });
  let asked = 0;
  const metrics = () =>
    new Promise<MetricsJson[]>((resolve) => {
      const id = ++asked;
      const onMessage = (msg: FromThread) => {
        if (msg.type !== 'metrics' || msg.id !== id) return;
        worker.off('message', onMessage);
        resolve([msg.metrics]);
      };
      worker.on('message', onMessage);
      worker.postMessage({ type: 'metrics', id });
    });
  return {
    port,
    metrics,
    close: async () => {
      const closed = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
      worker.postMessage({ type: 'close' });
      await closed;
    },
  };
}
