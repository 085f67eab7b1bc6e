import type { AppLoadContext } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadSession, requireUser, signedOutOnly } from '../app/lib/session.server';

const context: AppLoadContext = { gatewayUrl: 'http://gw', signatureSalt: 'unit-test-salt', requestId: 'r1' };
const PROFILE = { id: 'u1', username: 'li', email: null, avatar: { avatar: '' }, country: null, motto: '', accountType: 'personal', followers: 0, following: 0, likesReceived: 0, collections: 0, createdAt: '' };

function envelope(code: number, data: unknown = null, msg = '') {
  return new Response(JSON.stringify({ code, msg, time: 1, data }), { status: code === 1 ? 200 : 401, headers: { 'content-type': 'application/json' } });
}

function gateway(answer: () => Response | Promise<Response>) {
  const fetchMock = vi.fn(async (_url: string, _init: RequestInit) => answer());
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const page = (path: string, cookie?: string) => new Request(`http://site${path}`, cookie ? { headers: { cookie } } : {});

/** What a loader threw: a Response (redirect) or React Router's data() value. */
async function thrown(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected the loader to throw');
    },
    (error: unknown) => error,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('requireUser: the guard of each signed-in route (spec §2, §6)', () => {
  it('redirects a visitor without a session cookie to /login with the requested path, without asking the gateway', async () => {
    const fetchMock = gateway(() => envelope(1, PROFILE));
    const response = (await thrown(requireUser(page('/user/set?tab=1'), context))) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/login?redirect=%2Fuser%2Fset%3Ftab%3D1');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('returns the profile when the gateway confirms the cookie, forwarding cookie and CSRF token', async () => {
    const fetchMock = gateway(() => envelope(1, PROFILE));
    await expect(requireUser(page('/user/set', 'lang=en; bw_session=tok; bw_csrf=c1'), context)).resolves.toEqual(PROFILE);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('http://gw/api/user/index');
    const headers = init.headers as Record<string, string>;
    expect(headers.cookie).toBe('lang=en; bw_session=tok; bw_csrf=c1');
    expect(headers['x-csrf-token']).toBe('c1');
  });

  it('keeps the page address, not the data request of a client-side navigation', async () => {
    gateway(() => envelope(1, PROFILE));
    const response = (await thrown(requireUser(page('/comment.data?id=ic-markets&_routes=routes%2Fcomment'), context))) as Response;
    expect(response.headers.get('location')).toBe('/login?redirect=%2Fcomment%3Fid%3Dic-markets');
  });

  it.each([402, 409, 302])('treats code %i as signed out: redirect and expire the dead cookies', async (code) => {
    gateway(() => envelope(code));
    const response = (await thrown(requireUser(page('/user/notice', 'bw_session=old'), context))) as Response;
    expect(response.headers.get('location')).toBe('/login?redirect=%2Fuser%2Fnotice');
    const cookies = response.headers.getSetCookie();
    expect(cookies.some((c) => c.startsWith('bw_session=;') && c.includes('Max-Age=0'))).toBe(true);
    expect(cookies.some((c) => c.startsWith('bw_csrf=;') && c.includes('Max-Age=0'))).toBe(true);
  });

  it('answers 503 when the session cannot be checked, rather than pretending the visitor is signed out', async () => {
    gateway(() => {
      throw new TypeError('fetch failed');
    });
    const error = (await thrown(requireUser(page('/user/set', 'bw_session=tok'), context))) as { init?: { status?: number } };
    expect(error.init?.status).toBe(503);
  });

  it('keeps the 4xx when the check was refused (too many requests), since the API is not down', async () => {
    gateway(() => new Response(JSON.stringify({ code: 429, msg: 'Too many requests', time: 1, data: null }), { status: 429 }));
    const error = (await thrown(requireUser(page('/user/set', 'bw_session=tok'), context))) as { init?: { status?: number } };
    expect(error.init?.status).toBe(429);
  });

  it('checks once per request however many loaders ask', async () => {
    const fetchMock = gateway(() => envelope(1, PROFILE));
    const request = page('/user/set', 'bw_session=tok');
    await Promise.all([loadSession(request, context), requireUser(request, context), loadSession(request, context)]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('signedOutOnly: /login, /register, /retrievePassword (spec §6)', () => {
  it('sends a signed-in user home', async () => {
    gateway(() => envelope(1, PROFILE));
    const response = (await thrown(signedOutOnly({ request: page('/login', 'bw_session=tok'), context }))) as Response;
    expect(response.headers.get('location')).toBe('/');
  });

  it('lets a visitor with a dead or no session through', async () => {
    gateway(() => envelope(409));
    await expect(signedOutOnly({ request: page('/login', 'bw_session=old'), context })).resolves.toBeNull();
    await expect(signedOutOnly({ request: page('/login'), context })).resolves.toBeNull();
  });
});
