// Only the Mantine styles the site uses (≈ 1/5 of styles.css): less render-blocking CSS.
// Order matters: globals first, then components after the components they build on.
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/VisuallyHidden.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Notification.css';
import * as ops from '@brokerwise/api-contract/paths';
import './app.css';

import { ColorSchemeScript, MantineProvider, mantineHtmlProps } from '@mantine/core';
import { useEffect, type ReactNode } from 'react';
import { RawIntlProvider } from 'react-intl';
import {
  data,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useRouteError,
  useRouteLoaderData,
  type ShouldRevalidateFunctionArgs,
} from 'react-router';
import type { Route } from './+types/root';
import { ApiProvider } from './components/ApiProvider';
import { ChunkFailureNotice } from './components/ChunkFailureNotice';
import { DropdownDismiss } from './components/Dropdown';
import { Footer } from './components/Footer';
import { Header } from './components/Header';
import { IconSprite } from './components/icons';
import { LocaleSync } from './components/LocaleSync';
import { NavigationProgress } from './components/NavigationProgress';
import { SessionProvider } from './components/SessionProvider';
import { SessionWatch } from './components/SessionWatch';
import { RouteErrorContent } from './components/StatusPage';
import { ToastProvider } from './components/Toasts';
import { settle, type ApiClient } from './lib/api';
import { serverApi } from './lib/api.server';
import { recentReference } from './lib/reference-data.server';
import { compiledMessages, messagesUrl } from './lib/i18n.server';
import { localeFromRequest, serializeLangCookie } from './lib/locale';
import { intlFor } from './lib/intl';
import { MESSAGES_LINK_ID, messagesFor, provideMessages } from './lib/messages';
import { useNonce } from './lib/nonce';
import { AFTER_PAINT_SCRIPT } from './lib/after-paint';
import type { RootData } from './lib/root-data';
import { siteOrigin } from './lib/seo';
import { sessionUserFrom } from './lib/session';
import { clearSessionCookieHeaders, hasSessionCookie, loadSession } from './lib/session.server';
import { BARE_ROUTES } from './lib/site';
import { useT } from './lib/use-t';
import { theme } from './theme';
import { themeCssVariables } from './lib/theme-css';

export const links: Route.LinksFunction = () => [{ rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { locale, source } = localeFromRequest(request);
  const api = serverApi(request, context, locale);
  // The session check and the bell's count run alongside the footer's countries (the same for
  // every visitor: kept for a few seconds in this process).
  const [countries, session, unreadNotices] = await Promise.all([
    recentReference(`popularCountries:${locale}`, () => settle(api.op(ops.popularCountries))),
    loadSession(request, context, api),
    hasSessionCookie(request) ? hasUnreadNotices(api) : false,
  ]);
  const signedIn = session.state === 'signed-in';
  provideMessages(locale, compiledMessages(locale));
  const root: RootData = {
    locale,
    messagesUrl: messagesUrl(locale),
    salt: context.signatureSalt,
    origin: siteOrigin(request.url, context.siteUrl),
    year: new Date().getFullYear(),
    countries,
    user: signedIn ? sessionUserFrom(session.profile) : null,
    sessionUnchecked: session.state === 'unknown',
    unreadNotices: signedIn && unreadNotices,
    social: { googleClientId: context.googleClientId ?? '', facebookAppId: context.facebookAppId ?? '' },
  };
  const headers = session.state === 'ended' ? clearSessionCookieHeaders() : new Headers();
  headers.set('Content-Language', locale);
  // A `?lang=` link chose the language without script: remember it as the switch would.
  if (source === 'query') headers.append('Set-Cookie', serializeLangCookie(locale));
  return data(root, { headers });
}

/** Spec §3 "Notice count": truthy means unread notices. Any failure (or no notices API yet) means no dot. */
async function hasUnreadNotices(api: ApiClient): Promise<boolean> {
  try {
    return !!(await api.op(ops.noticeCount)).data;
  } catch {
    return false;
  }
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  const headers = new Headers({ Vary: 'Cookie' });
  const language = loaderHeaders.get('Content-Language');
  if (language) headers.set('Content-Language', language);
  return headers;
}

/**
 * Footer countries and messages only change with the language, which reloads the page, so a plain
 * navigation keeps them. The session check runs again after a form action and on an explicit
 * revalidation (same address, no form: useRevalidator), which the page asks for when the session may
 * have changed: after sign-in (roles come only from this check), when an answer ended the session,
 * or when another tab or device changed it (SessionWatch, SessionProvider).
 */
export function shouldRevalidate({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formMethod && formMethod !== 'GET') return defaultShouldRevalidate;
  return !formMethod && currentUrl.href === nextUrl.href;
}

export function Layout({ children }: { children: ReactNode }) {
  const root = useRouteLoaderData<RootData>('root');
  const { pathname } = useLocation();
  const locale = root?.locale ?? 'en';
  const bare = BARE_ROUTES.has(pathname);
  const nonce = useNonce();
  // The outermost component's effect runs after every descendant's mount effects, so this marks a
  // page whose buttons, menus and forms all answer (tests and scripts wait for it; nothing styles it).
  useEffect(() => {
    document.documentElement.dataset.hydrated = '';
  }, []);

  return (
    <html lang={locale} {...mantineHtmlProps}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#061a45" />
        <Meta />
        <Links />
        {/* After Mantine's default variables (in Links): our theme's own, computed once per process. */}
        <style data-mantine-styles="" dangerouslySetInnerHTML={{ __html: themeCssVariables }} />
        {root && <link rel="preload" as="fetch" crossOrigin="anonymous" href={root.messagesUrl} id={MESSAGES_LINK_ID} />}
        <ColorSchemeScript defaultColorScheme="light" nonce={nonce} />
      </head>
      <body>
        <IconSprite />
        <MantineProvider theme={theme} defaultColorScheme="light" withCssVariables={false}>
          {root ? (
            <RawIntlProvider value={intlFor(root.locale, messagesFor(root.locale))}>
              <SessionProvider initial={root.user} unchecked={root.sessionUnchecked}>
                <ApiProvider salt={root.salt} locale={root.locale}>
                  <SessionWatch serverUser={root.user} />
                  <ToastProvider>
                    <LocaleSync rendered={root.locale} />
                    <DropdownDismiss />
                    <NavigationProgress />
                    <ChunkFailureNotice />
                    <a href="#main" className="skip-link">
                      <SkipLinkText />
                    </a>
                    {!bare && <Header locale={root.locale} unreadNotices={root.unreadNotices} />}
                    <main id="main">{children}</main>
                    {!bare && <Footer locale={root.locale} countries={root.countries} year={root.year} />}
                  </ToastProvider>
                </ApiProvider>
              </SessionProvider>
            </RawIntlProvider>
          ) : (
            children
          )}
        </MantineProvider>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
        {/* Starts the scripts above once the page has painted (lib/after-paint.ts); the browser keeps the server's text. */}
        <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: import.meta.env.SSR ? AFTER_PAINT_SCRIPT : '' }} />
      </body>
    </html>
  );
}

function SkipLinkText() {
  return <>{useT()('app.skipLink.label')}</>;
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const root = useRouteLoaderData<RootData>('root');
  if (root) return <RouteErrorContent error={error} />;
  // The root loader itself failed, so there are no messages to speak with: say it in both languages.
  return (
    <section style={{ maxWidth: 640, margin: '96px auto', padding: '0 20px', textAlign: 'center' }}>
      <h1>Something went wrong · 出错了</h1>
      <p>Please try again in a moment. · 请稍后再试。</p>
      <p>
        <a href="/">Home · 首页</a>
      </p>
    </section>
  );
}
