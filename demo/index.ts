/**
 * The fictional demo site (ADR 021): loaded by the development start (scripts/start.ts, unless
 * DEMO_SEED=false) and by tests, never by a production entry. Each seed goes through the service's
 * domain functions, handed to it by the service's start (`Shared.seed`).
 */
export { seedCatalogue } from './catalogue/load-demo.ts';
export { seedDemoPosts as seedMedia } from './media/seed.ts';
export { DEMO_CREATOR_IDS, DEMO_POSTS } from './media/demo-data.ts';
export { seedDemoReviews } from './reviews/demo-reviews.ts';
export { seedTraderSync } from './trader-sync/seed.ts';
