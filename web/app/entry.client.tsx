import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { beforeHydrating, chunkGuard } from './lib/chunk-load';
import { intlFor, type Messages } from './lib/intl';
import { parseLocale } from './lib/locale';
import { MESSAGES_LINK_ID, messagesFor, provideMessages } from './lib/messages';

/**
 * Ends the current task so the browser can paint and answer input before the next step; a phone's
 * blocking time counts each task's time over 50 ms, so three short tasks cost nothing where their
 * sum in one did. scheduler.yield() keeps the page's place in the queue where a browser has it.
 */
function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (scheduler?.yield) return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Hydrates once the page's messages are here (lib/messages.ts): the <link rel=preload> in the head
 * (turned on with the page's scripts after its first paint, lib/after-paint.ts) has usually fetched
 * them already, and after the first page they come from the browser cache. Without them the page
 * stays as the server rendered it (complete, like without JavaScript) rather than hydrating into
 * message ids.
 */
async function start(): Promise<void> {
  const link = document.getElementById(MESSAGES_LINK_ID) as HTMLLinkElement | null;
  const locale = parseLocale(document.documentElement.lang);
  if (link && locale) {
    try {
      const res = await fetch(link.href, { credentials: 'same-origin' });
      if (!res.ok) return;
      provideMessages(locale, (await res.json()) as Messages);
      // The intl object the root renders with is built now, in a task of its own: react-intl's
      // createIntl checks its locale with Intl.NumberFormat.supportedLocalesOf, which builds the
      // browser's table of locales on its first call (≈ 10 ms on the 2-core development machine,
      // ×4 on Lighthouse's phone) — inside hydration's first render that was one long task, and
      // after the messages' parse in the same task it was another.
      await yieldToMain();
      intlFor(locale, messagesFor(locale));
    } catch {
      return;
    }
  }
  // What the route modules asked to have before hydrating (the signed-in header), loading meanwhile.
  await beforeHydrating();
  await yieldToMain();
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter instrumentations={[chunkGuard]} />
      </StrictMode>,
    );
  });
}

void start();
