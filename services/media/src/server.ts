// The media service as its own process (containers, `node services/media/src/server.ts`):
// ROLE=api in production (the worker runs from worker.ts); `all` by default.
import { processEnv } from '@brokerwise/config';
import { loadMediaConfigOrExit } from './config.ts';
import { startMedia } from './main.ts';

await startMedia(loadMediaConfigOrExit(processEnv()));
