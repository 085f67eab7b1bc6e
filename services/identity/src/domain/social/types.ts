/** The identity a provider vouched for, after every check passed. */
export interface VerifiedIdentity {
  provider: 'google' | 'facebook';
  /** The provider's stable user id (Google `sub`, Facebook app-scoped user id). */
  subject: string;
  /** Only set when the provider says the address is verified; otherwise null. */
  email: string | null;
  emailVerified: boolean;
  name: string | null;
}

export interface SocialVerifiers {
  /** Verifies a Google ID token (a JWT from Google Identity Services). */
  google(idToken: string): Promise<VerifiedIdentity>;
  /** Verifies a Facebook user access token against the Graph API. */
  facebook(accessToken: string): Promise<VerifiedIdentity>;
}

export interface SocialConfig {
  /** OAuth client ids accepted as the ID token audience; empty disables Google sign-in. */
  googleClientIds: string[];
  /** e.g. https://www.googleapis.com/oauth2/v3/certs */
  googleJwksUrl: string;
  /** e.g. ['https://accounts.google.com', 'accounts.google.com'] */
  googleIssuers: string[];
  /** Empty disables Facebook sign-in. */
  facebookAppId: string;
  facebookAppSecret: string;
  /** e.g. https://graph.facebook.com or https://graph.facebook.com/v21.0 */
  facebookGraphUrl: string;
  /** Per outbound request (JWKS fetch, each Graph call). Default 5000 ms. */
  timeoutMs?: number;
  /** Injected fetch (tests, proxies). Defaults to the global fetch. */
  fetch?: typeof fetch;
}

export type SocialProvider = VerifiedIdentity['provider'];
