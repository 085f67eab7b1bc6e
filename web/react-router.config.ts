import type { Config } from '@react-router/dev/config';

export default {
  appDirectory: 'app',
  buildDirectory: 'build',
  // Public pages must be complete HTML for search engines, so every request is server-rendered.
  ssr: true,
  future: {
    // Lets the client fetch only the route code it needs (smaller JS on public pages).
    v8_splitRouteModules: true,
  },
} satisfies Config;
