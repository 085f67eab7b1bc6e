/**
 * Service-to-service authentication (ADR 017): the gateway is the only door. On every call to an
 * internal service it sends a short-lived token it signed (EdDSA, Ed25519) for that service
 * (`aud`), naming the user it acts for (`sub`) and whether the gateway checked that user is an
 * administrator (`role`). Services hold only the public key: a service, a pod or anything else
 * that reaches a service's port cannot mint one, and the acting user comes from the token, not
 * from what a caller writes in the body.
 */
import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SignJWT, jwtVerify } from 'jose';
import { AppError } from '@brokerwise/errors';

export const SERVICE_TOKEN_HEADER = 'authorization';
const ISSUER = 'brokerwise-gateway';
const LIFETIME_SECONDS = 60;

/** Who a call is made for, as the gateway vouches. */
export interface Caller {
  /** The signed-in user the gateway acts for; absent for a visitor or the gateway itself. */
  userId?: string;
  /** The staff role the gateway checked the user has (`moderator` or `admin`); absent for everyone else. */
  role?: StaffRole;
}

/** Roles above a plain user; an admin may do everything a moderator may. */
export type StaffRole = 'moderator' | 'admin';
const RANK: Record<StaffRole, number> = { moderator: 1, admin: 2 };

/** Whether `role` is `least` or above (`hasRole('admin', 'moderator')` is true). */
export const hasRole = (role: string | undefined, least: StaffRole): boolean => role !== undefined && role in RANK && RANK[role as StaffRole] >= RANK[least];

declare module 'fastify' {
  interface FastifyRequest {
    /** Set from the verified service token (only when service tokens are on). */
    caller: Caller | null;
  }
  interface FastifyContextConfig {
    /** Only for a caller the gateway vouched for with this role or a higher one. */
    callerRole?: StaffRole;
    /** This path parameter names the acting user (a user's own notices, settings…): it must be the caller. */
    callerParam?: string;
  }
}

/** PEM from an environment variable, where newlines are often written as `\n`. */
const pem = (text: string) => text.replace(/\\n/g, '\n').trim();

export const privateKeyFrom = (text: string): KeyObject => createPrivateKey(pem(text));
export const publicKeyFrom = (text: string): KeyObject => createPublicKey(pem(text));

/** A signed token is reused for this long (of its 60 s), so most calls need no signature of their own. */
const REUSE_MS = 20_000;
/** Remembered tokens (signed or verified) at most; the memory is emptied when full. */
const MAX_REMEMBERED = 10_000;

/**
 * The gateway's side: a token for one service and caller. A token names no request, only the
 * service, the user and the role, so the same one serves every call for the same caller for a
 * few seconds (a bearer token for 60 s either way): signing was the largest single cost of a
 * gateway call on an uncached page view (issue 20).
 */
export class ServiceTokenSigner {
  readonly #key: KeyObject;
  readonly #recent = new Map<string, { token: Promise<string>; until: number }>();
  constructor(privateKeyPem: string) {
    this.#key = privateKeyFrom(privateKeyPem);
  }

  sign(audience: string, caller: Caller): Promise<string> {
    const key = `${audience}\n${caller.role ?? ''}\n${caller.userId ?? ''}`;
    const now = Date.now();
    const known = this.#recent.get(key);
    if (known && known.until > now) return known.token;
    const claims: Record<string, string> = {};
    if (caller.role) claims.role = caller.role;
    const jwt = new SignJWT(claims).setProtectedHeader({ alg: 'EdDSA' }).setIssuer(ISSUER).setAudience(audience).setIssuedAt().setExpirationTime(`${LIFETIME_SECONDS}s`);
    if (caller.userId) jwt.setSubject(caller.userId);
    const token = jwt.sign(this.#key);
    if (this.#recent.size >= MAX_REMEMBERED) this.#recent.clear();
    this.#recent.set(key, { token, until: now + REUSE_MS });
    token.catch(() => this.#recent.delete(key));
    return token;
  }
}

/** Body and query fields that name the acting user: they must be the token's subject. */
const ACTING_FIELDS = ['userId', 'viewer', 'ownerId'] as const;
/** …and these the acting moderator (or admin) and the acting administrator. */
const STAFF_FIELDS = [
  ['moderatorId', 'moderator'],
  ['adminId', 'admin'],
] as const;

const refuse = (code: string, message: string) => new AppError({ code, kind: 'unauthenticated', message });
const forbid = (code: string, message: string) => new AppError({ code, kind: 'forbidden', message });

function field(request: FastifyRequest, name: string): unknown {
  const body = request.body && typeof request.body === 'object' && !Buffer.isBuffer(request.body) ? (request.body as Record<string, unknown>) : undefined;
  return body?.[name] ?? (request.query as Record<string, unknown> | undefined)?.[name];
}

/**
 * The one administrator check of a service: the gateway vouched for the caller as an admin (403
 * `admin_required` otherwise). Routes declare it with `config: { callerRole: 'admin' }`; a route
 * where only some calls need it (everyone's list vs. one's own) calls this. Without service tokens
 * (embedded tests) there is no caller and nothing to check.
 */
export function requireAdminCaller(request: FastifyRequest): void {
  requireCallerRole(request, 'admin');
}

/** The same check for `least` or a higher role (403 `admin_required`: staff only, whichever role). */
export function requireCallerRole(request: FastifyRequest, least: StaffRole): void {
  if (request.caller && !hasRole(request.caller.role, least)) throw forbid('admin_required', least === 'admin' ? 'Administrators only' : 'Moderators only');
}

/**
 * Every route but the health probes refuses a call without a valid token for `audience` (401);
 * fields naming the acting user must match the token (403), admin fields and `callerRole: 'admin'`
 * routes need the admin role, `callerParam` routes need the caller in the path.
 */
export function registerServiceTokenCheck(app: FastifyInstance, opts: { audience: string; publicKeyPem: string }): void {
  const key = publicKeyFrom(opts.publicKeyPem);
  // Tokens already verified, until they expire: the gateway reuses a token for many calls.
  const verified = new Map<string, { caller: Caller; until: number }>();
  app.decorateRequest('caller', null);
  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.config.exemptFromPressure === true) return; // health probes
    const header = request.headers[SERVICE_TOKEN_HEADER];
    const token = typeof header === 'string' && header.startsWith('Bearer ') ? header.slice(7) : undefined;
    if (!token) throw refuse('service_token_required', 'Only the gateway may call this service');
    const known = verified.get(token);
    if (known && known.until > Date.now()) {
      request.caller = { ...known.caller };
      return;
    }
    try {
      const { payload } = await jwtVerify(token, key, { issuer: ISSUER, audience: opts.audience, algorithms: ['EdDSA'], maxTokenAge: LIFETIME_SECONDS * 2 });
      const role = payload.role === 'admin' || payload.role === 'moderator' ? payload.role : undefined;
      const caller: Caller = { ...(typeof payload.sub === 'string' ? { userId: payload.sub } : {}), ...(role ? { role } : {}) };
      // Good until it expires (or could no longer pass maxTokenAge), whichever is first.
      const until = Math.min((payload.exp ?? 0) * 1000, ((payload.iat ?? 0) + LIFETIME_SECONDS * 2) * 1000);
      if (verified.size >= MAX_REMEMBERED) verified.clear();
      verified.set(token, { caller, until });
      request.caller = { ...caller };
    } catch {
      throw refuse('service_token_invalid', 'Invalid service token');
    }
  });
  app.addHook('preHandler', async (request) => {
    const caller = request.caller;
    if (!caller) return; // exempt route
    const config = request.routeOptions.config;
    for (const name of ACTING_FIELDS) {
      const value = field(request, name);
      if (value !== undefined && value !== caller.userId) throw forbid('acting_user_mismatch', `${name} is not the user the gateway acts for`);
    }
    for (const [name, least] of STAFF_FIELDS) {
      const value = field(request, name);
      if (value !== undefined && (value !== caller.userId || !hasRole(caller.role, least))) throw forbid('admin_required', `${name} must be the ${least} the gateway acts for`);
    }
    if (config.callerRole) requireCallerRole(request, config.callerRole);
    if (config.callerParam) {
      const value = (request.params as Record<string, unknown> | undefined)?.[config.callerParam];
      if (typeof value !== 'string' || value.toLowerCase() !== caller.userId?.toLowerCase()) throw forbid('acting_user_mismatch', `${config.callerParam} is not the user the gateway acts for`);
    }
  });
}
