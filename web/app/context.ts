/**
 * What the web server hands every loader and action (React Router's load context). Loaders read
 * configuration from here, never from process.env, so the same build runs under any server.
 */
export interface WebContext {
  /** Base URL of the gateway as seen from this server, e.g. http://127.0.0.1:3000 (no trailing slash). */
  gatewayUrl: string;
  /** Public request-signature salt (spec §7); also handed to the browser through the root loader. */
  signatureSalt: string;
  /** Request id minted by the gateway (x-request-id), forwarded on every API call for tracing. */
  requestId: string;
  /** Shared with the gateway; never sent to browsers. With visitorAddress, API calls count per visitor. */
  internalSecret?: string | undefined;
  /** The visitor's address, as the gateway that proxied the page saw it (X-Forwarded-For). */
  visitorAddress?: string | undefined;
  /** Google Identity Services client id for "Sign in with Google"; absent or '' hides the real button. */
  googleClientId?: string | undefined;
  /** Facebook app id for "Continue with Facebook"; absent or '' hides the real button. */
  facebookAppId?: string | undefined;
  /**
   * Public address of the site (SITE_URL), e.g. https://brokerwise.example, for canonical links,
   * alternate-language links and the sitemap; absent: the request's own origin.
   */
  siteUrl?: string | undefined;
  /** This document render's CSP nonce (ADR 015); absent in development (Vite's inline scripts). */
  cspNonce?: string | undefined;
  /** The built client (build/client) in production, whose stylesheets pages inline; absent in development. */
  clientDir?: string | undefined;
}

declare module 'react-router' {
  interface AppLoadContext extends WebContext {}
}
