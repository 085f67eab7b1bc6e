import { actFor } from './acting.ts';
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Cache } from '@brokerwise/cache';
import { AppError, isAppError } from '@brokerwise/errors';
import type { IdentityClient, IdentitySession } from '../clients/identity.client.ts';

export const SESSION_COOKIE = 'bw_session';
export const CSRF_COOKIE = 'bw_csrf';
/** The device cookie of sign-in throttling (ADR 013): sent only to the sign-in call. */
export const DEVICE_COOKIE = 'bw_device';
const DEVICE_PATH = '/api/user/checkIn';
const DEVICE_MAX_AGE_S = 180 * 24 * 3600;
const STATUS_TTL_MS = 30_000;

export interface SessionUser {
  userId: string;
  sessionId: string;
  /** Cookie sessions need the CSRF header on state-changing calls; header tokens don't. */
  via: 'cookie' | 'header';
  /** The account is frozen: only calls that opt in (`frozen: true`: its sanctions and appeals) accept it. */
  frozen: boolean;
}

/** What `require` accepts beyond a plain signed-in call. */
export interface RequireOptions {
  /** A POST that only reads: no CSRF token needed. */
  read?: boolean;
  /** A frozen account may make this call (seeing and appealing its sanctions, signing out; ADR 026). */
  frozen?: boolean;
}

/** A frozen account's session used for anything but its sanctions and appeals. */
const frozenRefusal = () => new AppError({ code: 'identity.account_frozen_limited', kind: 'forbidden', message: 'Account frozen: only sanctions and appeals are available' });

interface Claims {
  sub: string;
  sid: string;
}

/**
 * Signed session tokens (@fastify/jwt, HS256) that name a server-side session. The token is
 * accepted from the `token` header (API clients) or the httpOnly `bw_session` cookie (the web
 * app, which must also echo the `bw_csrf` cookie in `x-csrf-token` on state-changing calls).
 * A valid signature is not enough: the session must still be live in the identity service
 * (cached briefly), so logout, password change and reset take effect at once.
 *   missing / bad / expired token → 402;  revoked session → 409  (spec §8).
 */
export class Sessions {
  private readonly app: FastifyInstance;
  private readonly identity: IdentityClient;
  private readonly cache: Cache;
  private readonly secureCookies: boolean;
  private readonly csrfKey: Buffer;
  /** Cookie sessions whose browser lacks the right `bw_csrf`: the answer sets it (see require). */
  private readonly csrfRepairs = new WeakMap<FastifyRequest, string>();

  constructor(opts: { app: FastifyInstance; identity: IdentityClient; cache: Cache; secureCookies: boolean; secret: string }) {
    this.app = opts.app;
    this.identity = opts.identity;
    this.cache = opts.cache;
    this.secureCookies = opts.secureCookies;
    // Its own key, derived from the token secret, so a CSRF token is never a token signature.
    this.csrfKey = createHmac('sha256', opts.secret).update('brokerwise csrf v1').digest();
    this.app.addHook('onSend', async (request, reply) => {
      const token = this.csrfRepairs.get(request);
      if (token !== undefined) void reply.setCookie(CSRF_COOKIE, token, { path: '/', sameSite: 'lax', secure: this.secureCookies, httpOnly: false });
    });
  }

  /**
   * The CSRF token of a session (ADR 009): HMAC of the session id, so a token read from another
   * session (an attacker's own, a logged-out one) is refused, and a lost cookie can be reissued.
   */
  csrfToken(sessionId: string): string {
    return createHmac('sha256', this.csrfKey).update(sessionId).digest('base64url');
  }

  /** Signs a token for a new session and sets the cookies. Returns the token (spec: userInfo.token). */
  issue(reply: FastifyReply, session: IdentitySession): string {
    const expiresAt = new Date(session.expiresAt).getTime();
    const seconds = Math.max(60, Math.floor((expiresAt - Date.now()) / 1000));
    const token = this.app.jwt.sign({ sub: session.userId, sid: session.id } satisfies Claims, { expiresIn: seconds });
    const common = { path: '/', sameSite: 'lax' as const, secure: this.secureCookies };
    // "Remember password" keeps the cookie across browser restarts; otherwise it dies with the browser.
    const lifetime = session.remember ? { maxAge: seconds } : {};
    void reply.setCookie(SESSION_COOKIE, token, { ...common, httpOnly: true, ...lifetime });
    void reply.setCookie(CSRF_COOKIE, this.csrfToken(session.id), { ...common, httpOnly: false, ...lifetime });
    return token;
  }

  /** The device cookie this browser got at an earlier sign-in, if any. */
  deviceOf(request: FastifyRequest): string | undefined {
    return request.cookies[DEVICE_COOKIE] || undefined;
  }

  /** Keeps the device cookie (per browser, outlives sessions and logout: it only eases sign-in). */
  rememberDevice(reply: FastifyReply, token: string): void {
    void reply.setCookie(DEVICE_COOKIE, token, { path: DEVICE_PATH, sameSite: 'strict', secure: this.secureCookies, httpOnly: true, maxAge: DEVICE_MAX_AGE_S });
  }

  clear(reply: FastifyReply): void {
    this.csrfRepairs.delete(reply.request);
    void reply.clearCookie(SESSION_COOKIE, { path: '/' });
    void reply.clearCookie(CSRF_COOKIE, { path: '/' });
  }

  /** Forget cached liveness of sessions the identity service just revoked. */
  async forget(sessionIds: string[]): Promise<void> {
    await Promise.all(sessionIds.map((id) => this.cache.del(`sess:${id}`).catch(() => undefined)));
  }

  /** Whether the request carries a session (the `token` header or the session cookie), live or not. */
  presented(request: FastifyRequest): boolean {
    return this.tokenOf(request) !== null;
  }

  async optional(request: FastifyRequest, opts: Pick<RequireOptions, 'frozen'> = {}): Promise<SessionUser | null> {
    if (!this.tokenOf(request)) return null;
    try {
      return await this.require(request, opts);
    } catch (err) {
      // A stale cookie on a public call is simply "signed out"; so is a frozen account's session.
      if (isAppError(err) && (err.kind === 'unauthenticated' || err.kind === 'session_revoked' || err.code === 'identity.account_frozen_limited')) return null;
      throw err;
    }
  }

  /**
   * The signed-in caller. Cookie calls that change state must carry the session's CSRF token in
   * `x-csrf-token`; `read: true` marks a POST that only reads (the profile check every page
   * makes), which needs none. A cookie session whose `bw_csrf` cookie is missing or stale gets the
   * right one set on this answer, so a browser that lost it recovers instead of failing every
   * call (a session cookie without the CSRF cookie used to make every signed-in page a 503).
   */
  async require(request: FastifyRequest, opts: RequireOptions = {}): Promise<SessionUser> {
    const found = this.tokenOf(request);
    if (!found) throw new AppError({ code: 'session_required', kind: 'unauthenticated', message: 'Sign-in required' });
    let claims: Claims;
    try {
      claims = this.app.jwt.verify<Claims>(found.token);
    } catch {
      throw new AppError({ code: 'session_invalid', kind: 'unauthenticated', message: 'Invalid or expired token' });
    }
    if (typeof claims.sid !== 'string' || typeof claims.sub !== 'string') {
      throw new AppError({ code: 'session_invalid', kind: 'unauthenticated', message: 'Malformed token' });
    }
    const state = await this.stateOf(claims.sid, claims.sub, request.id);
    if (state === 'dead') {
      throw new AppError({ code: 'session_revoked', kind: 'session_revoked', message: 'Session revoked' });
    }
    if (found.via === 'cookie') {
      const expected = this.csrfToken(claims.sid);
      if (request.cookies[CSRF_COOKIE] !== expected) this.csrfRepairs.set(request, expected);
      if (request.method !== 'GET' && request.method !== 'HEAD' && opts.read !== true) this.checkCsrf(request, expected);
    }
    if (state === 'frozen' && opts.frozen !== true) throw frozenRefusal();
    // The services this request calls act for this user (their service tokens say so, ADR 017).
    actFor(claims.sub);
    return { userId: claims.sub, sessionId: claims.sid, via: found.via, frozen: state === 'frozen' };
  }

  private tokenOf(request: FastifyRequest): { token: string; via: 'cookie' | 'header' } | null {
    const header = request.headers.token;
    const fromHeader = Array.isArray(header) ? header[0] : header;
    if (fromHeader) return { token: fromHeader, via: 'header' };
    const cookie = request.cookies[SESSION_COOKIE];
    return cookie ? { token: cookie, via: 'cookie' } : null;
  }

  /** The header must be this session's token; the cookie is only how the page's script learns it. */
  private checkCsrf(request: FastifyRequest, expected: string): void {
    const header = Buffer.from(String(request.headers['x-csrf-token'] ?? ''));
    const ok = header.length === expected.length && timingSafeEqual(header, Buffer.from(expected));
    if (!ok) throw new AppError({ code: 'csrf_failed', kind: 'forbidden', message: 'CSRF check failed' });
  }

  /** Live, live but the account frozen, or over (cached briefly: a lifted freeze shows within the TTL). */
  private async stateOf(sessionId: string, userId: string, requestId: string): Promise<'live' | 'frozen' | 'dead'> {
    const key = `sess:${sessionId}`;
    const cached = await this.cache.get(key).catch(() => null);
    if (cached !== null) return cached === `live:${userId}` ? 'live' : cached === `frozen:${userId}` ? 'frozen' : 'dead';
    let state: 'live' | 'frozen' | 'dead';
    try {
      const { session, frozen } = await this.identity.session(sessionId, requestId);
      const live = session.userId === userId && session.revokedAt === null && new Date(session.expiresAt).getTime() > Date.now();
      state = !live ? 'dead' : frozen === true ? 'frozen' : 'live';
    } catch (err) {
      if (isAppError(err) && err.kind === 'not_found') state = 'dead';
      else throw err;
    }
    await this.cache.set(key, state === 'dead' ? 'dead' : `${state}:${userId}`, STATUS_TTL_MS).catch(() => undefined);
    return state;
  }
}
