import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { ApiError, createApiClient, type ApiClient } from '../lib/api';
import { apiLang, type Locale } from '../lib/locale';
import { readCsrfToken } from '../lib/session';
import { useT } from '../lib/use-t';
import { useSession } from './SessionProvider';

const ApiContext = createContext<ApiClient | null>(null);

/**
 * The browser's API client: same-origin /api through the gateway, signed with the public salt,
 * with the session cookies and the `bw_csrf` value echoed in `x-csrf-token` on every POST.
 * A session-ending answer (402/409/302) signs the page out.
 */
export function ApiProvider({ salt, locale, children }: { salt: string; locale: Locale; children: ReactNode }) {
  const { end } = useSession();
  const client = useMemo(
    () =>
      createApiClient({
        baseUrl: '',
        salt,
        lang: apiLang(locale),
        credentials: 'same-origin',
        csrfToken: () => readCsrfToken(document.cookie),
        onSessionEnded: end,
      }),
    [salt, locale, end],
  );
  return <ApiContext.Provider value={client}>{children}</ApiContext.Provider>;
}

export function useApi(): ApiClient {
  const client = useContext(ApiContext);
  if (!client) throw new Error('useApi needs an ApiProvider');
  return client;
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
