import { messagesFile } from '../lib/i18n.server';
import { LOCALES, type Locale } from '../lib/locale';
import type { Route } from './+types/i18n';

/**
 * GET /i18n/<locale>.json?v=<version>: the compiled messages of one language (lib/messages.ts).
 * The current version is cached for a year (the address changes with the content); any other
 * version gets the current content, briefly cached, so a page rendered before a deploy still works.
 */
export function loader({ params, request }: Route.LoaderArgs) {
  const locale = LOCALES.find((l) => `${l}.json` === params.file) as Locale | undefined;
  if (!locale) return new Response('Not found', { status: 404 });
  const { json, version } = messagesFile(locale);
  const current = new URL(request.url).searchParams.get('v') === version;
  return new Response(json, {
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Cache-Control': current ? 'public, max-age=31536000, immutable' : 'public, max-age=60',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}
