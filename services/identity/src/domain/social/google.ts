import { createRemoteJWKSet, customFetch, errors, jwtVerify } from 'jose';
import type { JWTPayload, JWTVerifyGetKey, RemoteJWKSetOptions } from 'jose';
import { describeFailure, providerUnavailable, socialDisabled, tokenInvalid } from './errors.ts';
import { MAX_TOKEN_LENGTH, cleanList, optionalEmail, optionalText, resolveTimeoutMs } from './options.ts';
import type { SocialConfig, VerifiedIdentity } from './types.ts';

/** Allowed skew between our clock and Google's for `exp` / `nbf`. */
export const GOOGLE_CLOCK_TOLERANCE_SECONDS = 30;

/** Google signs ID tokens with RS256 only; pinning it defeats `alg: none` and HS256-with-public-key tricks. */
const ALGORITHMS = ['RS256'];

/** Marks a failure of the key source (network, HTTP status, malformed JWKS), as opposed to a bad token. */
class KeySourceUnavailable extends Error {
  constructor(cause: unknown) {
    super('JWKS unavailable', { cause });
    this.name = 'KeySourceUnavailable';
  }
}

export type GoogleVerifier = (idToken: string) => Promise<VerifiedIdentity>;

export function createGoogleVerifier(config: SocialConfig): GoogleVerifier {
  const audience = cleanList(config.googleClientIds);
  const issuer = cleanList(config.googleIssuers);
  if (audience.length === 0 || issuer.length === 0) {
    return async () => {
      throw socialDisabled('google');
    };
  }

  const jwksOptions: RemoteJWKSetOptions = { timeoutDuration: resolveTimeoutMs(config) };
  if (config.fetch) jwksOptions[customFetch] = config.fetch;
  // Throws at construction on an unparseable URL: a configuration error should stop start-up.
  const remoteKeys = createRemoteJWKSet(new URL(config.googleJwksUrl), jwksOptions);

  // An unknown `kid` is the token's fault (signed by someone else); anything else going wrong
  // while getting keys (fetch failed, timeout, non-200, malformed JWKS) is Google's side.
  const keys: JWTVerifyGetKey = async (header, token) => {
    try {
      return await remoteKeys(header, token);
    } catch (err) {
      if (err instanceof errors.JWKSNoMatchingKey || err instanceof errors.JWKSMultipleMatchingKeys) throw err;
      throw new KeySourceUnavailable(err);
    }
  };

  return async function verifyGoogleIdToken(idToken: string): Promise<VerifiedIdentity> {
    if (typeof idToken !== 'string' || idToken.length === 0 || idToken.length > MAX_TOKEN_LENGTH) {
      throw tokenInvalid('google', 'malformed_token');
    }

    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(idToken, keys, {
        algorithms: ALGORITHMS,
        issuer,
        audience,
        clockTolerance: GOOGLE_CLOCK_TOLERANCE_SECONDS,
        // Without `exp` a token would never expire; jose only checks the claims that are present.
        requiredClaims: ['sub', 'exp', 'iat'],
      }));
    } catch (err) {
      if (err instanceof KeySourceUnavailable) throw providerUnavailable('google', `jwks: ${describeFailure(err.cause)}`);
      throw tokenInvalid('google', joseReason(err));
    }

    const subject = payload.sub;
    if (typeof subject !== 'string' || subject.length === 0 || subject.length > 255) {
      throw tokenInvalid('google', 'invalid_sub');
    }

    // Only an address Google says it verified is passed on; `email_verified` must be the boolean true.
    const email = payload['email_verified'] === true ? optionalEmail(payload['email']) : null;
    return {
      provider: 'google',
      subject,
      email,
      emailVerified: email !== null,
      name: optionalText(payload['name'], 200),
    };
  };
}

/** jose's error code plus, for claim failures, which claim and why (never the claim's value). */
function joseReason(err: unknown): string {
  if (err instanceof errors.JWTClaimValidationFailed || err instanceof errors.JWTExpired) {
    return `${err.code} (${err.claim}: ${err.reason})`;
  }
  if (err instanceof errors.JOSEError) return err.code;
  return describeFailure(err);
}
