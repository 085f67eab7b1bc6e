import { createHmac, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { inspect } from 'node:util';
import { SignJWT, exportSPKI, generateKeyPair, exportJWK, importJWK } from 'jose';
import { OAuth2Server } from 'oauth2-mock-server';
import type { JwtTransform } from 'oauth2-mock-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SOCIAL_DISABLED, SOCIAL_TOKEN_INVALID, SOCIAL_UNAVAILABLE, createSocialVerifiers } from './index.ts';
import type { SocialConfig } from './index.ts';

// Everything runs on 127.0.0.1: Google is an oauth2-mock-server (JWKS + token signing), Facebook a
// node:http stand-in of the two Graph endpoints. oauth2-mock-server only writes to the console from
// its Express error handler (unexpected 500s), which these tests never reach — so nothing is muted.

// ---------------------------------------------------------------- helpers

async function listen(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<{ server: Server; origin: string }> {
  const server = createServer(handler);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

async function close(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

/** A port nothing listens on (bound, then released). */
async function closedPortOrigin(): Promise<string> {
  const { server, origin } = await listen(() => undefined);
  await close(server);
  return origin;
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

const SECRETS_THAT_MUST_NOT_LEAK: string[] = [];

/** Awaits a rejection, checks the AppError's code/kind and that no token or secret leaked into it. */
async function rejection(promise: Promise<unknown>, code: string, kind: string, secret: string, reason?: RegExp): Promise<Error> {
  let caught: unknown;
  try {
    await promise;
  } catch (err) {
    caught = err;
  }
  expect(caught, 'expected a rejection').toBeInstanceOf(Error);
  const err = caught as Error & { code?: string; kind?: string };
  expect({ code: err.code, kind: err.kind }).toEqual({ code, kind });
  const rendered = [err.message, JSON.stringify(err), inspect(err, { depth: 10 }), String(err.stack)].join('\n');
  for (const s of [secret, ...SECRETS_THAT_MUST_NOT_LEAK]) {
    if (s.length >= 8) expect(rendered.includes(s), 'error leaks a token or secret').toBe(false);
  }
  // The cause carries a short reason code for logs: it proves the intended check fired.
  if (reason) expect(String((err.cause as Error | undefined)?.message)).toMatch(reason);
  return err;
}

const b64url = (value: unknown): string => Buffer.from(JSON.stringify(value)).toString('base64url');
const nowSeconds = (): number => Math.floor(Date.now() / 1000);

// ---------------------------------------------------------------- Google

const GOOGLE_ISSUER = 'https://accounts.google.com';
const CLIENT_ID = '123-brokerwise-web.apps.googleusercontent.com';
const OTHER_CLIENT_ID = '456-brokerwise-ios.apps.googleusercontent.com';

describe('Google ID tokens', () => {
  let google: OAuth2Server;
  let rogue: OAuth2Server; // a second issuer claiming to be Google, with its own keys
  let realKid: string;
  let jwksUrl: string;

  beforeAll(async () => {
    google = new OAuth2Server();
    realKid = (await google.issuer.keys.generate('RS256')).kid;
    google.issuer.url = GOOGLE_ISSUER; // start() keeps an issuer url that is already set
    await google.start(0, '127.0.0.1');
    jwksUrl = `http://127.0.0.1:${google.address().port}/jwks`;

    rogue = new OAuth2Server();
    await rogue.issuer.keys.generate('RS256');
    rogue.issuer.url = GOOGLE_ISSUER;
    await rogue.start(0, '127.0.0.1');
  });

  afterAll(async () => {
    await google.stop();
    await rogue.stop();
  });

  function config(overrides: Partial<SocialConfig> = {}): SocialConfig {
    return {
      googleClientIds: [CLIENT_ID],
      googleJwksUrl: jwksUrl,
      googleIssuers: [GOOGLE_ISSUER, 'accounts.google.com'],
      facebookAppId: '',
      facebookAppSecret: '',
      facebookGraphUrl: 'http://127.0.0.1:9/unused',
      timeoutMs: 2_000,
      ...overrides,
    };
  }

  interface TokenOptions {
    server?: OAuth2Server;
    expiresIn?: number;
    drop?: string[];
    kid?: string;
  }

  /** A Google-shaped ID token signed by the mock server (or `rogue`), with `claims` merged in. */
  function idToken(claims: Record<string, unknown> = {}, opts: TokenOptions = {}): Promise<string> {
    const transform: JwtTransform = (_header, payload) => {
      Object.assign(payload, {
        aud: CLIENT_ID,
        azp: CLIENT_ID,
        sub: '110169484474386276334',
        email: 'amina.haddad@example.com',
        email_verified: true,
        name: 'Amina Haddad',
        ...claims,
      });
      for (const claim of opts.drop ?? []) delete payload[claim];
    };
    return (opts.server ?? google).issuer.buildToken({ scopesOrTransform: transform, expiresIn: opts.expiresIn, kid: opts.kid });
  }

  function validClaims(): Record<string, unknown> {
    const now = nowSeconds();
    return { iss: GOOGLE_ISSUER, aud: CLIENT_ID, sub: '110169484474386276334', iat: now, exp: now + 3600, email: 'a@example.com', email_verified: true };
  }

  it('verifies a valid token and returns subject, email, emailVerified and name', async () => {
    const verifiers = createSocialVerifiers(config());
    await expect(verifiers.google(await idToken())).resolves.toEqual({
      provider: 'google',
      subject: '110169484474386276334',
      email: 'amina.haddad@example.com',
      emailVerified: true,
      name: 'Amina Haddad',
    });
  });

  it('accepts any configured client id and the bare "accounts.google.com" issuer', async () => {
    const verifiers = createSocialVerifiers(config({ googleClientIds: [OTHER_CLIENT_ID, CLIENT_ID] }));
    const token = await idToken({ aud: OTHER_CLIENT_ID, iss: 'accounts.google.com' });
    await expect(verifiers.google(token)).resolves.toMatchObject({ subject: '110169484474386276334' });
  });

  it('leaves email null when email_verified is false, missing or the string "true"', async () => {
    const verifiers = createSocialVerifiers(config());
    for (const claims of [{ email_verified: false }, { email_verified: 'true' }]) {
      await expect(verifiers.google(await idToken(claims))).resolves.toMatchObject({ email: null, emailVerified: false, name: 'Amina Haddad' });
    }
    await expect(verifiers.google(await idToken({}, { drop: ['email_verified'] }))).resolves.toMatchObject({ email: null, emailVerified: false });
    await expect(verifiers.google(await idToken({ name: 42 }, { drop: ['email'] }))).resolves.toMatchObject({ email: null, emailVerified: false, name: null });
  });

  it('tolerates a little clock skew (expired 5 s ago)', async () => {
    const verifiers = createSocialVerifiers(config());
    await expect(verifiers.google(await idToken({}, { expiresIn: -5 }))).resolves.toMatchObject({ provider: 'google' });
  });

  describe('refuses', () => {
    const cases: Array<[string, RegExp, () => Promise<string>]> = [
      ['a wrong audience', /aud: check_failed/, () => idToken({ aud: 'someone-else.apps.googleusercontent.com' })],
      ['a wrong issuer', /iss: check_failed/, () => idToken({ iss: 'https://accounts.google.com.evil.example' })],
      ['an expired token (beyond the tolerance)', /ERR_JWT_EXPIRED/, () => idToken({}, { expiresIn: -120 })],
      ['a not-yet-valid token', /nbf: check_failed/, () => idToken({ nbf: nowSeconds() + 300 })],
      ['a token without sub', /sub: missing/, () => idToken({}, { drop: ['sub'] })],
      ['an empty sub', /invalid_sub/, () => idToken({ sub: '' })],
      ['a non-string sub', /invalid_sub/, () => idToken({ sub: 1234 })],
      ['a token without exp', /exp: missing/, () => idToken({}, { drop: ['exp'] })],
      ['a token without aud', /aud: missing/, () => idToken({}, { drop: ['aud'] })],
      ['a token signed by a different key (another issuer)', /ERR_JWKS_NO_MATCHING_KEY/, () => idToken({}, { server: rogue })],
      [
        'alg=none',
        /ERR_JOSE_ALG_NOT_ALLOWED/,
        async () => `${b64url({ alg: 'none', typ: 'JWT' })}.${b64url(validClaims())}.`,
      ],
      [
        'alg=none carrying the real kid and a signature',
        /ERR_JOSE_ALG_NOT_ALLOWED/,
        async () => {
          const real = (await idToken()).split('.');
          return `${b64url({ alg: 'none', typ: 'JWT', kid: realKid })}.${b64url(validClaims())}.${real[2]}`;
        },
      ],
      [
        'HS256 signed with some secret',
        /ERR_JOSE_ALG_NOT_ALLOWED/,
        () => new SignJWT(validClaims()).setProtectedHeader({ alg: 'HS256', kid: realKid }).sign(randomBytes(32)),
      ],
      [
        'HS256 signed with the public key as HMAC secret',
        /ERR_JOSE_ALG_NOT_ALLOWED/,
        async () => {
          const publicJwk = google.issuer.keys.toJSON()[0]!;
          const pem = await exportSPKI((await importJWK(publicJwk, 'RS256', { extractable: true })) as CryptoKey);
          return new SignJWT(validClaims()).setProtectedHeader({ alg: 'HS256', kid: realKid }).sign(new TextEncoder().encode(pem));
        },
      ],
      [
        'a foreign key with the real kid and an embedded jwk header',
        /ERR_JWS_SIGNATURE_VERIFICATION_FAILED/,
        async () => {
          const { privateKey, publicKey } = await generateKeyPair('RS256');
          return new SignJWT(validClaims())
            .setProtectedHeader({ alg: 'RS256', kid: realKid, jwk: await exportJWK(publicKey) })
            .sign(privateKey);
        },
      ],
      [
        'a tampered payload with the original signature',
        /ERR_JWS_SIGNATURE_VERIFICATION_FAILED/,
        async () => {
          const [header, , signature] = (await idToken()).split('.');
          return `${header}.${b64url({ ...validClaims(), sub: 'attacker' })}.${signature}`;
        },
      ],
      ['garbage', /ERR_JWS_INVALID/, async () => 'this-is-not-a-jwt'],
      ['three garbage segments', /ERR_JWS_INVALID/, async () => 'aaaa.bbbb.cccc'],
      ['an empty string', /malformed_token/, async () => ''],
      ['an oversized string', /malformed_token/, async () => 'a'.repeat(20_000)],
    ];

    it.each(cases)('%s', async (_label, reason, make) => {
      const token = await make();
      await rejection(createSocialVerifiers(config()).google(token), SOCIAL_TOKEN_INVALID, 'validation', token, reason);
    });

    it('a token whose kid matches but which was signed by another key', async () => {
      const impostor = new OAuth2Server();
      await impostor.issuer.keys.generate('RS256', { kid: realKid });
      impostor.issuer.url = GOOGLE_ISSUER;
      const token = await idToken({}, { server: impostor });
      await rejection(createSocialVerifiers(config()).google(token), SOCIAL_TOKEN_INVALID, 'validation', token, /ERR_JWS_SIGNATURE_VERIFICATION_FAILED/);
    });

    it('a non-string token', async () => {
      const verifiers = createSocialVerifiers(config());
      await rejection(verifiers.google(undefined as unknown as string), SOCIAL_TOKEN_INVALID, 'validation', '');
      await rejection(verifiers.google({ token: 'x' } as unknown as string), SOCIAL_TOKEN_INVALID, 'validation', '');
    });
  });

  it('says social_disabled when no client id is configured (blank entries do not count)', async () => {
    const token = await idToken();
    for (const googleClientIds of [[], ['', '  ']]) {
      await rejection(createSocialVerifiers(config({ googleClientIds })).google(token), SOCIAL_DISABLED, 'validation', token);
    }
  });

  describe('when the key source fails', () => {
    it('says social_unavailable when the JWKS endpoint is unreachable', async () => {
      const token = await idToken();
      const verifiers = createSocialVerifiers(config({ googleJwksUrl: `${await closedPortOrigin()}/jwks` }));
      await rejection(verifiers.google(token), SOCIAL_UNAVAILABLE, 'unavailable', token, /^jwks: TypeError: ECONNREFUSED$/);
    });

    it('says social_unavailable on a 5xx or a malformed JWKS', async () => {
      const token = await idToken();
      const { server, origin } = await listen((req, res) => {
        if (req.url === '/500') json(res, 500, { error: 'boom' });
        else if (req.url === '/not-a-set') json(res, 200, { keys: 'not-a-list' });
        else {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end('{"keys": [');
        }
      });
      try {
        for (const [path, reason] of [
          ['/500', /ERR_JOSE_GENERIC/],
          ['/not-a-set', /ERR_JWKS_INVALID/],
          ['/unparsable', /ERR_JOSE_GENERIC/],
        ] as const) {
          const verifiers = createSocialVerifiers(config({ googleJwksUrl: `${origin}${path}` }));
          await rejection(verifiers.google(token), SOCIAL_UNAVAILABLE, 'unavailable', token, reason);
        }
      } finally {
        await close(server);
      }
    });

    it('says social_unavailable when the JWKS endpoint does not answer in time', async () => {
      const token = await idToken();
      const { server, origin } = await listen(() => undefined); // never answers
      try {
        const verifiers = createSocialVerifiers(config({ googleJwksUrl: `${origin}/jwks`, timeoutMs: 150 }));
        // The server never answers: only the verifier's own time limit ends the call (ERR_JWKS_TIMEOUT).
        await rejection(verifiers.google(token), SOCIAL_UNAVAILABLE, 'unavailable', token, /ERR_JWKS_TIMEOUT/);
      } finally {
        await close(server);
      }
    });

    it('does not even fetch keys for tokens refused on their header (alg=none, HS256, garbage)', async () => {
      const spy = vi.fn(globalThis.fetch);
      const verifiers = createSocialVerifiers(config({ fetch: spy }));
      const none = `${b64url({ alg: 'none' })}.${b64url(validClaims())}.`;
      const hs = await new SignJWT(validClaims()).setProtectedHeader({ alg: 'HS256' }).sign(randomBytes(32));
      for (const token of [none, hs, 'garbage']) {
        await rejection(verifiers.google(token), SOCIAL_TOKEN_INVALID, 'validation', token);
      }
      expect(spy).not.toHaveBeenCalled();
    });
  });

  it('uses the injected fetch for the JWKS', async () => {
    const spy = vi.fn(globalThis.fetch);
    const verifiers = createSocialVerifiers(config({ fetch: spy }));
    await expect(verifiers.google(await idToken())).resolves.toMatchObject({ provider: 'google' });
    expect(spy).toHaveBeenCalledTimes(1);
    expect(String(spy.mock.calls[0]![0])).toBe(jwksUrl);
  });
});

// ---------------------------------------------------------------- Facebook

const APP_ID = '424242424242';
const APP_SECRET = 'fb-app-secret-0123456789abcdef';
SECRETS_THAT_MUST_NOT_LEAK.push(APP_SECRET);

type GraphReply = { status: number; body: unknown } | { status: number; raw: string } | 'hang';
interface FbCase {
  debug: () => GraphReply;
  me?: GraphReply;
}

const debugOk = (userId: string, extra: Record<string, unknown> = {}): GraphReply => ({
  status: 200,
  body: {
    data: {
      app_id: APP_ID,
      type: 'USER',
      application: 'Brokerwise',
      data_access_expires_at: nowSeconds() + 86_400 * 90,
      expires_at: nowSeconds() + 3600,
      is_valid: true,
      scopes: ['email', 'public_profile'],
      user_id: userId,
      ...extra,
    },
  },
});

const FB_CASES: Record<string, FbCase> = {
  valid: { debug: () => debugOk('10001'), me: { status: 200, body: { id: '10001', name: 'Omar Khalil', email: 'omar.khalil@example.com' } } },
  noEmail: { debug: () => debugOk('10002'), me: { status: 200, body: { id: '10002', name: 'Lina Saad' } } },
  neverExpires: { debug: () => debugOk('10003', { expires_at: 0 }), me: { status: 200, body: { id: '10003', name: 'Sami' } } },
  notValid: {
    debug: () => ({
      status: 200,
      body: { data: { app_id: APP_ID, is_valid: false, expires_at: nowSeconds() - 10, user_id: '10004', error: { code: 190, message: 'Session has expired' } } },
    }),
  },
  otherApp: { debug: () => debugOk('10005', { app_id: '999999999' }), me: { status: 200, body: { id: '10005' } } },
  expired: { debug: () => debugOk('10006', { expires_at: nowSeconds() - 60 }), me: { status: 200, body: { id: '10006' } } },
  noUser: { debug: () => debugOk('', { user_id: undefined }) },
  pageToken: { debug: () => debugOk('10007', { type: 'PAGE' }), me: { status: 200, body: { id: '10007' } } },
  meMismatch: { debug: () => debugOk('10008'), me: { status: 200, body: { id: '66666', name: 'Someone Else', email: 'x@example.com' } } },
  meRefused: { debug: () => debugOk('10009'), me: { status: 400, body: { error: { type: 'OAuthException', code: 190, message: 'Error validating access token' } } } },
  debug500: { debug: () => ({ status: 500, body: { error: { message: 'An unexpected error has occurred.' } } }) },
  debug429: { debug: () => ({ status: 429, body: { error: { message: 'Application request limit reached' } } }) },
  debugHtml: { debug: () => ({ status: 200, raw: '<html><body>Bad gateway</body></html>' }) },
  me503: { debug: () => debugOk('10010'), me: { status: 503, raw: 'Service Unavailable' } },
  hang: { debug: () => 'hang' },
};

/** Distinctive token strings, so the leak check cannot match on ordinary words. */
const fbToken = (name: keyof typeof FB_CASES): string => `EAAGtest${name}Z${createHmac('sha256', 'n').update(name).digest('hex').slice(0, 24)}`;
const CASE_BY_TOKEN = new Map(Object.keys(FB_CASES).map((name) => [fbToken(name), FB_CASES[name]!]));

describe('Facebook access tokens', () => {
  let graph: Server;
  let graphUrl: string;
  const seen: URL[] = [];

  function reply(res: ServerResponse, r: GraphReply): void {
    if (r === 'hang') return;
    if ('raw' in r) {
      res.writeHead(r.status, { 'content-type': 'text/html' });
      res.end(r.raw);
    } else json(res, r.status, r.body);
  }

  beforeAll(async () => {
    ({ server: graph, origin: graphUrl } = await listen((req, res) => {
      const url = new URL(req.url ?? '/', 'http://graph.test');
      seen.push(url);
      const oauthError = { error: { type: 'OAuthException', code: 190, message: 'Invalid OAuth access token.' } };
      if (req.method !== 'GET') return json(res, 405, {});
      if (url.pathname === '/v21.0/debug_token') {
        if (url.searchParams.get('access_token') !== `${APP_ID}|${APP_SECRET}`) return json(res, 400, oauthError);
        const c = CASE_BY_TOKEN.get(url.searchParams.get('input_token') ?? '');
        return reply(res, c ? c.debug() : { status: 200, body: { data: { is_valid: false, error: { code: 190 } } } });
      }
      if (url.pathname === '/v21.0/me') {
        const token = url.searchParams.get('access_token') ?? '';
        const proof = createHmac('sha256', APP_SECRET).update(token).digest('hex');
        if (url.searchParams.get('appsecret_proof') !== proof) return json(res, 400, { error: { code: 100, message: 'Invalid appsecret_proof' } });
        if (url.searchParams.get('fields') !== 'id,name,email') return json(res, 400, { error: { code: 100 } });
        const c = CASE_BY_TOKEN.get(token);
        return reply(res, c?.me ?? { status: 400, body: oauthError });
      }
      json(res, 404, {});
    }));
    graphUrl = `${graphUrl}/v21.0`;
  });

  afterAll(async () => {
    await close(graph);
  });

  function config(overrides: Partial<SocialConfig> = {}): SocialConfig {
    return {
      googleClientIds: [],
      googleJwksUrl: 'http://127.0.0.1:9/jwks',
      googleIssuers: [GOOGLE_ISSUER],
      facebookAppId: APP_ID,
      facebookAppSecret: APP_SECRET,
      facebookGraphUrl: graphUrl,
      timeoutMs: 2_000,
      ...overrides,
    };
  }

  it('verifies a valid token (debug_token, then /me) and treats the Graph email as verified', async () => {
    seen.length = 0;
    const token = fbToken('valid');
    await expect(createSocialVerifiers(config()).facebook(token)).resolves.toEqual({
      provider: 'facebook',
      subject: '10001',
      email: 'omar.khalil@example.com',
      emailVerified: true,
      name: 'Omar Khalil',
    });
    expect(seen.map((u) => u.pathname)).toEqual(['/v21.0/debug_token', '/v21.0/me']);
    // The app secret goes to debug_token only; /me gets the HMAC proof instead.
    expect(seen[1]!.search.includes(APP_SECRET)).toBe(false);
  });

  it('accepts a trailing slash on the Graph URL', async () => {
    await expect(createSocialVerifiers(config({ facebookGraphUrl: `${graphUrl}/` })).facebook(fbToken('valid'))).resolves.toMatchObject({ subject: '10001' });
  });

  it('returns email null when Graph gives no email', async () => {
    await expect(createSocialVerifiers(config()).facebook(fbToken('noEmail'))).resolves.toEqual({
      provider: 'facebook',
      subject: '10002',
      email: null,
      emailVerified: false,
      name: 'Lina Saad',
    });
  });

  it('accepts a token that never expires (expires_at = 0)', async () => {
    await expect(createSocialVerifiers(config()).facebook(fbToken('neverExpires'))).resolves.toMatchObject({ subject: '10003' });
  });

  it.each([
    ['is_valid false', 'notValid', /debug_token: not valid/],
    ["another app's token", 'otherApp', /debug_token: other app/],
    ['an expired token', 'expired', /debug_token: expired/],
    ['no user_id', 'noUser', /debug_token: no user/],
    ['a page token', 'pageToken', /debug_token: not a user token/],
    ['/me naming another user', 'meMismatch', /me: user mismatch/],
    ['/me refusing the token', 'meRefused', /me: HTTP 400/],
  ] as const)('refuses %s as social_token_invalid', async (_label, name, reason) => {
    const token = fbToken(name);
    await rejection(createSocialVerifiers(config()).facebook(token), SOCIAL_TOKEN_INVALID, 'validation', token, reason);
  });

  it('refuses an unknown, empty, oversized or non-string token', async () => {
    const verifiers = createSocialVerifiers(config());
    for (const token of ['EAAGunknownTokenZ0123456789abcdef', '', 'E'.repeat(10_000)]) {
      await rejection(verifiers.facebook(token), SOCIAL_TOKEN_INVALID, 'validation', token);
    }
    await rejection(verifiers.facebook(null as unknown as string), SOCIAL_TOKEN_INVALID, 'validation', '');
  });

  it('refuses when our app credentials are rejected by debug_token (wrong secret)', async () => {
    const token = fbToken('valid');
    await rejection(createSocialVerifiers(config({ facebookAppSecret: 'wrong-secret-value' })).facebook(token), SOCIAL_TOKEN_INVALID, 'validation', token, /debug_token: HTTP 400/);
  });

  it.each([
    ['debug_token answering 500', 'debug500', /debug_token: HTTP 500/],
    ['debug_token answering 429', 'debug429', /debug_token: HTTP 429/],
    ['debug_token answering HTML with 200', 'debugHtml', /debug_token: non-JSON/],
    ['/me answering 503', 'me503', /me: HTTP 503/],
  ] as const)('says social_unavailable on %s', async (_label, name, reason) => {
    const token = fbToken(name);
    await rejection(createSocialVerifiers(config()).facebook(token), SOCIAL_UNAVAILABLE, 'unavailable', token, reason);
  });

  it('says social_unavailable when the Graph API is unreachable', async () => {
    const token = fbToken('valid');
    const verifiers = createSocialVerifiers(config({ facebookGraphUrl: `${await closedPortOrigin()}/v21.0` }));
    await rejection(verifiers.facebook(token), SOCIAL_UNAVAILABLE, 'unavailable', token, /^debug_token: TypeError: ECONNREFUSED$/);
  });

  it('says social_unavailable when the Graph API does not answer in time', async () => {
    const token = fbToken('hang');
    // Graph never answers 'hang': only the verifier's own time limit ends the call (TimeoutError).
    await rejection(createSocialVerifiers(config({ timeoutMs: 150 })).facebook(token), SOCIAL_UNAVAILABLE, 'unavailable', token, /^debug_token: TimeoutError$/);
  });

  it('says social_disabled without an app id or app secret, without calling Graph', async () => {
    const spy = vi.fn(globalThis.fetch);
    const token = fbToken('valid');
    for (const overrides of [{ facebookAppId: '' }, { facebookAppId: '   ' }, { facebookAppSecret: '' }]) {
      await rejection(createSocialVerifiers(config({ ...overrides, fetch: spy })).facebook(token), SOCIAL_DISABLED, 'validation', token);
    }
    expect(spy).not.toHaveBeenCalled();
  });

  it('uses the injected fetch, with a timeout signal and no redirects', async () => {
    const spy = vi.fn(globalThis.fetch);
    await expect(createSocialVerifiers(config({ fetch: spy })).facebook(fbToken('valid'))).resolves.toMatchObject({ subject: '10001' });
    expect(spy).toHaveBeenCalledTimes(2);
    for (const [, init] of spy.mock.calls) {
      expect(init?.signal).toBeInstanceOf(AbortSignal);
      expect(init?.redirect).toBe('error');
    }
  });
});

describe('createSocialVerifiers', () => {
  it('fails fast on an unusable provider URL', () => {
    const base: SocialConfig = {
      googleClientIds: [CLIENT_ID],
      googleJwksUrl: 'https://www.googleapis.com/oauth2/v3/certs',
      googleIssuers: [GOOGLE_ISSUER],
      facebookAppId: APP_ID,
      facebookAppSecret: APP_SECRET,
      facebookGraphUrl: 'https://graph.facebook.com',
    };
    expect(() => createSocialVerifiers(base)).not.toThrow();
    expect(() => createSocialVerifiers({ ...base, googleJwksUrl: 'not a url' })).toThrow(TypeError);
    expect(() => createSocialVerifiers({ ...base, facebookGraphUrl: 'ftp://graph.facebook.com' })).toThrow(TypeError);
    expect(() => createSocialVerifiers({ ...base, timeoutMs: 0 })).toThrow(TypeError);
  });
});
