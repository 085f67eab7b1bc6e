/**
 * The session as loaders see it: the visitor's `bw_session` cookie, checked by the gateway through
 * POST /api/user/index. One check per request, however many loaders ask (root and page loaders run
 * in parallel on the same Request).
 */
import { data, redirect, type AppLoadContext } from 'react-router';
import type { UserProfile } from '@brokerwise/api-contract';
import * as ops from '@brokerwise/api-contract/paths';
import { ApiError, endsSession, failureStatus, toFailure, type ApiClient, type ApiFailure } from './api';
import { serverApi } from './api.server';
import { hasRole, type StaffRole } from '../components/admin/admin-links';
import { loginUrlFor } from './guard';
import { localeFromRequest, readCookie } from './locale';
import { CSRF_COOKIE, SESSION_COOKIE } from './session';

export type ServerSession =
  /** No session cookie. */
  | { state: 'none' }
  | { state: 'signed-in'; profile: UserProfile }
  /** The cookie is dead (expired, revoked: codes 402/409/302): clear it. */
  | { state: 'ended' }
  /** The check itself failed (gateway down, timeout): nobody can tell. */
  | { state: 'unknown'; error: ApiFailure };

const checks = new WeakMap<Request, Promise<ServerSession>>();

/** The one page of a frozen account: its sanctions, removals and appeals. */
export const FROZEN_HOME = '/user/sanctions';

export function hasSessionCookie(request: Request): boolean {
  return !!readCookie(request.headers.get('cookie'), SESSION_COOKIE);
}

export function loadSession(request: Request, context: AppLoadContext, api?: ApiClient): Promise<ServerSession> {
  let check = checks.get(request);
  if (!check) {
    check = checkSession(request, api ?? serverApi(request, context, localeFromRequest(request).locale));
    checks.set(request, check);
  }
  return check;
}

async function checkSession(request: Request, api: ApiClient): Promise<ServerSession> {
  if (!hasSessionCookie(request)) return { state: 'none' };
  try {
    const { data: profile } = await api.op(ops.profile);
    return { state: 'signed-in', profile };
  } catch (error) {
    if (endsSession(error)) return { state: 'ended' };
    if (error instanceof ApiError) return { state: 'unknown', error: toFailure(error) };
    throw error;
  }
}

/** Expires the session cookies in the browser (they are dead on the server already). */
export function clearSessionCookieHeaders(): Headers {
  const headers = new Headers();
  headers.append('Set-Cookie', `${SESSION_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax`);
  headers.append('Set-Cookie', `${CSRF_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`);
  return headers;
}

/**
 * The role guard of one route's loader (spec §2, §6): the signed-in user's profile, or a redirect
 * to /login carrying the requested path. A failed check answers 503 (a refused one its 4xx) rather
 * than pretending the visitor is signed out.
 */
export async function requireUser(request: Request, context: AppLoadContext): Promise<UserProfile> {
  const session = await loadSession(request, context);
  if (session.state === 'signed-in') {
    // A frozen account reaches its sanctions and appeals only (ADR 026): every other account page leads there.
    if (session.profile.frozen === true && documentUrl(request).pathname !== FROZEN_HOME) throw redirect(FROZEN_HOME);
    return session.profile;
  }
  if (session.state === 'unknown') throw data(null, { status: failureStatus(session.error) });
  const url = documentUrl(request);
  throw redirect(loginUrlFor(url.pathname, url.search), session.state === 'ended' ? { headers: clearSessionCookieHeaders() } : undefined);
}

/**
 * The guard of a staff page (/admin/*): the profile of a signed-in user with the role `least` or
 * above; anyone else, signed in or not, gets the 404 page, so the page's existence isn't advertised.
 * The gateway checks the role again on every call.
 */
export async function requireStaff(request: Request, context: AppLoadContext, least: StaffRole): Promise<UserProfile & { role: StaffRole }> {
  const session = await loadSession(request, context);
  if (session.state === 'unknown') throw data(null, { status: failureStatus(session.error) });
  if (session.state !== 'signed-in' || !hasRole(session.profile.role, least)) throw data(null, { status: 404 });
  return session.profile as UserProfile & { role: StaffRole };
}

/**
 * The address the visitor sees. A client-side navigation loads data from `/<path>.data?…&_routes=…`
 * (`/_root.data` for `/`): the guard must keep the page's own address, not the data request's.
 */
export function documentUrl(request: Request): URL {
  const url = new URL(request.url);
  if (url.pathname === '/_root.data') url.pathname = '/';
  else if (url.pathname.endsWith('.data')) url.pathname = url.pathname.slice(0, -'.data'.length);
  url.searchParams.delete('_routes');
  url.searchParams.delete('index');
  return url;
}

/** The loader of /login, /register, /retrievePassword: a signed-in user goes home instead (spec §6). */
export async function signedOutOnly({ request, context }: { request: Request; context: AppLoadContext }): Promise<null> {
  const session = await loadSession(request, context);
  if (session.state === 'signed-in') throw redirect('/');
  return null;
}
