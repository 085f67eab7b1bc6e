// The media worker as its own process (`node services/media/src/worker.ts`): transcodes uploaded
// videos and cleans up storage, and scales separately from the API. Same settings as server.ts
// with ROLE forced to `worker`; it answers /healthz and /readyz on PORT.
import { processEnv } from '@brokerwise/config';
import { loadMediaConfigOrExit } from './config.ts';
import { startMedia } from './main.ts';

await startMedia(loadMediaConfigOrExit({ ...processEnv(), ROLE: 'worker' }));
