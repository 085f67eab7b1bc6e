import { createHmac } from 'node:crypto';
import { describeFailure, providerUnavailable, socialDisabled, tokenInvalid } from './errors.ts';
import { MAX_TOKEN_LENGTH, isRecord, optionalEmail, optionalText, resolveTimeoutMs } from './options.ts';
import type { SocialConfig, VerifiedIdentity } from './types.ts';

export type FacebookVerifier = (accessToken: string) => Promise<VerifiedIdentity>;

interface GraphAnswer {
  status: number;
  body: unknown;
}

/**
 * Facebook user access tokens are opaque, so they are checked with the Graph API:
 *  1. `debug_token` (authenticated as our app) says whether the token is valid, for which app,
 *     for which user and until when;
 *  2. `me` (authenticated with the token itself) gives the profile, and must name the same user.
 * Email from Graph is treated as verified: Facebook only returns confirmed addresses.
 */
export function createFacebookVerifier(config: SocialConfig): FacebookVerifier {
  const appId = config.facebookAppId.trim();
  const appSecret = config.facebookAppSecret;
  // Without a secret no token can ever be checked, so the provider is as good as off.
  if (appId.length === 0 || appSecret.length === 0) {
    return async () => {
      throw socialDisabled('facebook');
    };
  }

  // Throws at construction on an unusable URL: a configuration error should stop start-up.
  const graphBase = new URL(config.facebookGraphUrl);
  if (graphBase.protocol !== 'https:' && graphBase.protocol !== 'http:') {
    throw new TypeError('facebookGraphUrl must be an http(s) URL');
  }
  const timeoutMs = resolveTimeoutMs(config);
  const appAccessToken = `${appId}|${appSecret}`;

  function endpoint(path: string, query: Record<string, string>): URL {
    const url = new URL(graphBase.href);
    url.pathname = `${url.pathname.replace(/\/+$/, '')}/${path}`;
    url.search = new URLSearchParams(query).toString();
    url.hash = '';
    return url;
  }

  /** GET a Graph endpoint. Transport failures, timeouts, 429 and 5xx become `social_unavailable`. */
  async function graphGet(step: string, url: URL): Promise<GraphAnswer> {
    const doFetch = config.fetch ?? globalThis.fetch;
    let res: Response;
    try {
      res = await doFetch(url, {
        method: 'GET',
        headers: { accept: 'application/json' },
        redirect: 'error',
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (err) {
      throw providerUnavailable('facebook', `${step}: ${describeFailure(err)}`);
    }
    if (res.status >= 500 || res.status === 429) {
      await res.body?.cancel().catch(() => undefined);
      throw providerUnavailable('facebook', `${step}: HTTP ${res.status}`);
    }
    let text: string;
    try {
      text = await res.text(); // still under the timeout signal
    } catch (err) {
      throw providerUnavailable('facebook', `${step}: ${describeFailure(err)}`);
    }
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      // A 2xx that isn't JSON is Facebook (or a proxy) misbehaving; a 4xx is a refusal either way.
      if (res.ok) throw providerUnavailable('facebook', `${step}: non-JSON answer`);
      throw tokenInvalid('facebook', `${step}: HTTP ${res.status}`);
    }
    return { status: res.status, body };
  }

  return async function verifyFacebookToken(accessToken: string): Promise<VerifiedIdentity> {
    if (typeof accessToken !== 'string' || accessToken.length === 0 || accessToken.length > MAX_TOKEN_LENGTH) {
      throw tokenInvalid('facebook', 'malformed_token');
    }

    // 1. Is this a live user token issued to *our* app?
    const debug = await graphGet('debug_token', endpoint('debug_token', { input_token: accessToken, access_token: appAccessToken }));
    if (debug.status !== 200) throw tokenInvalid('facebook', `debug_token: HTTP ${debug.status}`);
    const data = isRecord(debug.body) && isRecord(debug.body['data']) ? debug.body['data'] : null;
    if (data === null) throw tokenInvalid('facebook', 'debug_token: no data');
    if (data['is_valid'] !== true) throw tokenInvalid('facebook', 'debug_token: not valid');
    if (typeof data['app_id'] !== 'string' || data['app_id'] !== appId) throw tokenInvalid('facebook', 'debug_token: other app');
    if (data['type'] !== undefined && data['type'] !== 'USER') throw tokenInvalid('facebook', 'debug_token: not a user token');
    const expiresAt = data['expires_at'];
    if (typeof expiresAt !== 'number' || !Number.isFinite(expiresAt)) throw tokenInvalid('facebook', 'debug_token: no expiry');
    // 0 means "does not expire"; otherwise seconds since the epoch.
    if (expiresAt !== 0 && expiresAt * 1000 <= Date.now()) throw tokenInvalid('facebook', 'debug_token: expired');
    const userId = data['user_id'];
    if (typeof userId !== 'string' || !/^[0-9A-Za-z_-]{1,128}$/.test(userId)) throw tokenInvalid('facebook', 'debug_token: no user');

    // 2. Who is it? appsecret_proof binds the call to our app (required when "Require App Secret" is on).
    const appSecretProof = createHmac('sha256', appSecret).update(accessToken).digest('hex');
    const me = await graphGet('me', endpoint('me', { fields: 'id,name,email', access_token: accessToken, appsecret_proof: appSecretProof }));
    if (me.status !== 200) throw tokenInvalid('facebook', `me: HTTP ${me.status}`);
    if (!isRecord(me.body) || me.body['id'] !== userId) throw tokenInvalid('facebook', 'me: user mismatch');

    const email = optionalEmail(me.body['email']);
    return {
      provider: 'facebook',
      subject: userId,
      email,
      emailVerified: email !== null,
      name: optionalText(me.body['name'], 200),
    };
  };
}
