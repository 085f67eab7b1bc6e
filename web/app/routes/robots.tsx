import { siteOrigin } from '../lib/seo';
import { buildRobotsTxt } from '../lib/sitemap';
import type { Route } from './+types/robots';

/** /robots.txt: served by a route (not public/) so the sitemap address is absolute for this site. */
export function loader({ request, context }: Route.LoaderArgs) {
  return new Response(buildRobotsTxt(siteOrigin(request.url, context.siteUrl)), {
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
}
