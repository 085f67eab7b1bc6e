// The catalogue as its own process (containers, `node services/catalogue/src/server.ts`).
import { loadConfigOrExit, processEnv } from '@brokerwise/config';
import { CatalogueConfigSchema } from './config.ts';
import { startCatalogue } from './main.ts';

await startCatalogue(loadConfigOrExit(CatalogueConfigSchema, processEnv()));
