import type { AppLoadContext } from 'react-router';
import { createApiClient, type ApiClient } from './api';
import { apiLang, localeFromRequest, type Locale } from './locale';

/** The API as seen from a loader: the gateway URL and salt from the load context, the visitor's language. */
export function serverApi(request: Request, context: AppLoadContext, locale: Locale): ApiClient {
  return createApiClient({
    baseUrl: context.gatewayUrl,
    salt: context.signatureSalt,
    lang: apiLang(locale),
    requestId: context.requestId,
    signal: request.signal,
  });
}

/** A loader's usual start: the visitor's language and an API client speaking it. */
export function pageApi(request: Request, context: AppLoadContext): { locale: Locale; api: ApiClient } {
  const { locale } = localeFromRequest(request);
  return { locale, api: serverApi(request, context, locale) };
}
