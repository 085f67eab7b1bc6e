import type { Messages } from './intl';
import type { Locale } from './locale';

/**
 * The UI messages of each language, kept out of the loader data: every page would otherwise
 * carry the whole dictionary (≈ 2,000 messages) in its HTML and pay for serialising it on every
 * render. The server provides them from the compiled dictionary (lib/i18n.server.ts, in the root
 * loader); the browser fetches them once as a cacheable file (`messagesUrl`, preloaded by a
 * <link id={MESSAGES_LINK_ID}> once the page has painted, lib/after-paint.ts) before hydrating
 * (entry.client.tsx).
 */
const provided = new Map<Locale, Messages>();
const NONE: Messages = {};

export const MESSAGES_LINK_ID = 'bw-messages';

export function provideMessages(locale: Locale, messages: Messages): void {
  provided.set(locale, messages);
}

export function messagesFor(locale: Locale): Messages {
  return provided.get(locale) ?? NONE;
}

export function hasMessages(locale: Locale): boolean {
  return provided.has(locale);
}
