import { index, route, type RouteConfig } from '@react-router/dev/routes';

/**
 * Public routes built so far. Every other address (including routes of the spec that later work
 * builds: /login, /detail, /topbrokers …) falls through to the splat, which redirects to /404.
 */
export default [
  index('routes/home.tsx'),
  route('search', 'routes/search.tsx'),
  route('listing/:name', 'routes/listing.tsx'),
  route('about', 'routes/about.tsx'),
  route('TraderChat', 'routes/trader-chat.tsx'),
  route('service', 'routes/service.tsx'),
  route('privacy', 'routes/privacy.tsx'),
  route('cookie', 'routes/cookie.tsx'),
  route('404', 'routes/not-found.tsx'),
  route('*', 'routes/splat.tsx'),
] satisfies RouteConfig;
