// The search service as its own process (containers, `node services/search/src/server.ts`).
import { loadConfigOrExit, processEnv } from '@brokerwise/config';
import { SearchConfigSchema } from './config.ts';
import { startSearch } from './main.ts';

await startSearch(loadConfigOrExit(SearchConfigSchema, processEnv()));
