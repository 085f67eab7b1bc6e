import type { Config } from '@react-router/dev/config';

export default {
  appDirectory: 'app',
  buildDirectory: 'build',
  // Public pages must be complete HTML for search engines, so every request is server-rendered.
  ssr: true,
  future: {
    // Lets the client fetch only the route code it needs (smaller JS on public pages).
    v8_splitRouteModules: true,
    // v8 behaviour adopted now, so the upgrade stays boring. (v8_middleware is not: loaders read
    // configuration from the AppLoadContext that server.ts builds.)
    v8_viteEnvironmentApi: true,
    v8_passThroughRequests: true,
    v8_trailingSlashAwareDataRequests: true,
  },
} satisfies Config;
