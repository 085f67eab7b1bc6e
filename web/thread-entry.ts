/** Worker-thread side of web/thread.ts: starts the web server, reports its port, closes on request. */
import './production-builds.ts';
import { parentPort, workerData } from 'node:worker_threads';
import type { WebServerOptions } from './server.ts';

const port = parentPort;
if (!port) throw new Error('web/thread-entry.ts runs only as a worker thread');

try {
  const { startWebServer } = await import('./server.ts');
  const server = await startWebServer(workerData as WebServerOptions);
  port.on('message', (msg: { type: string }) => {
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
