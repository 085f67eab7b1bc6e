// The reviews service as its own process (containers, `node services/reviews/src/server.ts`).
import { loadConfigOrExit, processEnv } from '@brokerwise/config';
import { ReviewsConfigSchema } from './config.ts';
import { startReviews } from './main.ts';

await startReviews(loadConfigOrExit(ReviewsConfigSchema, processEnv()));
