import type { AppLoadContext } from 'react-router';
import { createApiClient, type ApiClient } from './api';
import { apiLang, localeFromRequest, type Locale } from './locale';
import { readCsrfToken } from './session';
import { INTERNAL_SECRET_HEADER } from '@brokerwise/api-contract';

/**
 * The API as seen from a loader: the gateway URL and salt from the load context, the visitor's
 * language, and the visitor's cookies, so the gateway knows the session (`bw_session`). Loaders
 * only read; POST /api/user/index is a read too, and carries the visitor's own `bw_csrf` back.
 */
export function serverApi(request: Request, context: AppLoadContext, locale: Locale): ApiClient {
  const cookie = request.headers.get('cookie');
  return createApiClient({
    baseUrl: context.gatewayUrl,
    salt: context.signatureSalt,
    lang: apiLang(locale),
    requestId: context.requestId,
    visitor: context.internalSecret && context.visitorAddress ? { address: context.visitorAddress, secret: context.internalSecret } : undefined,
    signal: request.signal,
    cookie,
    csrfToken: () => readCsrfToken(cookie),
    uncompressed: true,
  });
}

/**
 * Headers for a loader's own fetch of a gateway path outside the API client (e.g. /media): the
 * shared secret, which lets the call name the gateway by its internal host (GATEWAY_URL).
 */
export function gatewayHeaders(context: AppLoadContext): Record<string, string> {
  return context.internalSecret ? { [INTERNAL_SECRET_HEADER]: context.internalSecret } : {};
}

/** A loader's usual start: the visitor's language and an API client speaking it. */
export function pageApi(request: Request, context: AppLoadContext): { locale: Locale; api: ApiClient } {
  const { locale } = localeFromRequest(request);
  return { locale, api: serverApi(request, context, locale) };
}
