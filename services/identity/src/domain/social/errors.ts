import { AppError } from '@brokerwise/errors';
import type { SocialProvider } from './types.ts';

// Errors here never carry the token, the app secret or a request URL (which holds both):
// messages are fixed English sentences, and the `cause` is a fresh Error whose message is a
// short reason code we build ourselves (never the original error, whose fields could hold
// claims, URLs or response bodies).

const LABEL: Record<SocialProvider, string> = { google: 'Google', facebook: 'Facebook' };

export const SOCIAL_DISABLED = 'identity.social_disabled';
export const SOCIAL_TOKEN_INVALID = 'identity.social_token_invalid';
export const SOCIAL_UNAVAILABLE = 'identity.social_unavailable';

export function socialDisabled(provider: SocialProvider): AppError {
  return new AppError({
    code: SOCIAL_DISABLED,
    kind: 'validation',
    message: `Sign-in with ${LABEL[provider]} is not enabled`,
    params: { provider },
  });
}

/** The token is not acceptable; `reason` is a short code for logs (no secrets, no claims). */
export function tokenInvalid(provider: SocialProvider, reason: string): AppError {
  return new AppError(
    {
      code: SOCIAL_TOKEN_INVALID,
      kind: 'validation',
      message: `The ${LABEL[provider]} sign-in token could not be verified`,
      params: { provider },
    },
    { cause: new Error(reason) },
  );
}

/** The provider could not be reached or answered with a server error. */
export function providerUnavailable(provider: SocialProvider, reason: string): AppError {
  return new AppError(
    {
      code: SOCIAL_UNAVAILABLE,
      kind: 'unavailable',
      message: `${LABEL[provider]} could not be reached to verify the sign-in`,
      params: { provider },
    },
    { cause: new Error(reason) },
  );
}

/**
 * A short, secret-free description of a transport failure: the error name plus a system
 * code when there is one (`TimeoutError`, `TypeError: ECONNREFUSED`). Never the message,
 * which for some clients includes the URL.
 */
export function describeFailure(err: unknown): string {
  if (!(err instanceof Error)) return 'unknown_error';
  const code = systemCode(err) ?? systemCode(err.cause);
  return code ? `${err.name}: ${code}` : err.name;
}

function systemCode(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const code = (value as { code?: unknown }).code;
  return typeof code === 'string' && /^[A-Z0-9_]{2,64}$/i.test(code) ? code : undefined;
}
