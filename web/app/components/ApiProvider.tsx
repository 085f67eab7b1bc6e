import { createContext, useContext, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { createActivity, type Activity } from '../lib/activity';
import { ApiError, createApiTransport, typedClient, type ApiClient } from '../lib/api';
import { apiLang, type Locale } from '../lib/locale';
import { readCsrfToken } from '../lib/session';
import { useT } from '../lib/use-t';
import { useSession } from './SessionProvider';

const ApiContext = createContext<{ client: ApiClient; background: ApiClient; activity: Activity } | null>(null);

/**
 * The browser's API client: same-origin /api through the gateway, signed with the public salt,
 * with the session cookies and the `bw_csrf` value echoed in `x-csrf-token` on every POST.
 * A session-ending answer (402/409/302) signs the page out. Its calls are counted for the loading
 * overlay; the background client's (polls, checks on focus) are not, so they never flash it.
 */
export function ApiProvider({ salt, locale, children }: { salt: string; locale: Locale; children: ReactNode }) {
  const { end } = useSession();
  const [activity] = useState(createActivity);
  const value = useMemo(() => {
    const transport = createApiTransport({
      baseUrl: '',
      salt,
      lang: apiLang(locale),
      credentials: 'same-origin',
      csrfToken: () => readCsrfToken(document.cookie),
      onSessionEnded: end,
    });
    const client = typedClient({
      get: (path, query) => activity.track(transport.get(path, query)),
      post: (path, body, options) => activity.track(transport.post(path, body, options)),
      upload: (path, form) => activity.track(transport.upload(path, form)),
    });
    return { client, background: typedClient(transport), activity };
  }, [salt, locale, end, activity]);
  return <ApiContext.Provider value={value}>{children}</ApiContext.Provider>;
}

function useApiContext() {
  const value = useContext(ApiContext);
  if (!value) throw new Error('useApi needs an ApiProvider');
  return value;
}

export function useApi(): ApiClient {
  return useApiContext().client;
}

/** For calls the visitor did not ask for (polls, checks on focus): the loading overlay ignores them. */
export function useBackgroundApi(): ApiClient {
  return useApiContext().background;
}

/** Whether a call of useApi() is in flight. */
export function useApiBusy(): boolean {
  const { activity } = useApiContext();
  return useSyncExternalStore(activity.subscribe, activity.busy, () => false);
}

/** The text to show for a failed call: the server's own message, else the spec's fixed wording. */
export function useApiErrorText() {
  const t = useT();
  return (error: unknown): string => {
    if (!(error instanceof ApiError)) return t('api.error.timeout');
    const { kind, msg } = error.failure;
    if (kind === 'business') return msg || t('api.error.unknown');
    return t(kind === 'network' ? 'api.error.network' : 'api.error.timeout');
  };
}
