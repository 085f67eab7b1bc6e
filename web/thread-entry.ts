/** Worker-thread side of web/thread.ts: starts the web server, reports its port, closes on request. */
import './production-builds.ts';
import { parentPort, workerData } from 'node:worker_threads';
import type { WebServerOptions } from './server.ts';

const port = parentPort;
if (!port) throw new Error('web/thread-entry.ts runs only as a worker thread');

try {
  const { startWebServer } = await import('./server.ts');
  const server = await startWebServer(workerData as WebServerOptions);
  const { metricsAsJson } = await import('@brokerwise/metrics');
  port.on('message', (msg: { type: string; id?: number }) => {
    // The main thread's metrics server asks for this thread's render times at each scrape.
    if (msg.type === 'metrics') return void metricsAsJson().then((metrics) => port.postMessage({ type: 'metrics', id: msg.id, metrics }));
    if (msg.type !== 'close') return;
    server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
  port.postMessage({ type: 'listening', port: server.port });
} catch (error) {
  port.postMessage({ type: 'failed', error: error instanceof Error ? error.stack ?? error.message : String(error) });
  process.exit(1);
}
