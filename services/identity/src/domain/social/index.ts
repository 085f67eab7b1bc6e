/**
 * Social sign-in: turns a token handed to us by the browser into a provider-verified identity.
 *
 * Errors (AppError, match on `code`):
 *  - `identity.social_disabled` (validation): the provider is not configured;
 *  - `identity.social_token_invalid` (validation): the token failed a check;
 *  - `identity.social_unavailable` (unavailable): the provider could not be reached or answered 429/5xx.
 * Tokens are never logged nor copied into errors.
 */
import { createFacebookVerifier } from './facebook.ts';
import { createGoogleVerifier } from './google.ts';
import type { SocialConfig, SocialVerifiers } from './types.ts';

export type { SocialConfig, SocialProvider, SocialVerifiers, VerifiedIdentity } from './types.ts';
export { SOCIAL_DISABLED, SOCIAL_TOKEN_INVALID, SOCIAL_UNAVAILABLE } from './errors.ts';
export { GOOGLE_CLOCK_TOLERANCE_SECONDS } from './google.ts';

export function createSocialVerifiers(config: SocialConfig): SocialVerifiers {
  const google = createGoogleVerifier(config);
  const facebook = createFacebookVerifier(config);
  return {
    google: (idToken) => google(idToken),
    facebook: (accessToken) => facebook(accessToken),
  };
}
