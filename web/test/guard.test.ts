import { describe, expect, it } from 'vitest';
import { keepRedirect, leavesOnSignOut, loginUrlFor, safeRedirectPath, takeRedirect, USER_ROUTES } from '../app/lib/guard';
import { parseStoredUser, readCsrfToken, REDIRECT_KEY, sessionUserFrom, storeUser, USER_INFO_KEY } from '../app/lib/session';

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
  };
}

describe('role guard (spec §2, §6)', () => {
  it('covers exactly the routes the spec gives the user role', () => {
    expect([...USER_ROUTES].sort()).toEqual(['/user/apikeys', '/user/creation', '/user/modifypassword', '/user/notice', '/user/reviews', '/user/set', '/user/vlog']);
    expect(USER_ROUTES.has('/user/account')).toBe(false);
  });

  it('signing out leaves the pages only a signed-in user has, and reloads public ones', () => {
    for (const [path, search] of [['/user/set', ''], ['/trader/bindaccount', ''], ['/trader/apply', ''], ['/trader/account', ''], ['/trader/account', '?page=2'], ['/admin/reviews', '']] as const) expect(leavesOnSignOut(path, search), path + search).toBe(true);
    for (const [path, search] of [['/', ''], ['/detail', '?code=x'], ['/trader/account', '?id=0b7c5e4e-8c1a-4e55-9d7b-2f1f5b0f9a10'], ['/trader/index', ''], ['/vlog/detail', '?id=1']] as const) expect(leavesOnSignOut(path, search), path + search).toBe(false);
  });

  it('sends a signed-out visitor to /login with the path they wanted', () => {
    expect(loginUrlFor('/user/set')).toBe('/login?redirect=%2Fuser%2Fset');
    expect(loginUrlFor('/vlog/personal', '?id=42&x=1')).toBe('/login?redirect=%2Fvlog%2Fpersonal%3Fid%3D42%26x%3D1');
    // Nothing worth keeping: plain /login.
    expect(loginUrlFor('/')).toBe('/login');
    expect(loginUrlFor('/login', '?redirect=/user/set')).toBe('/login');
  });

  it('keeps only same-site paths, never another site or a sign-in page', () => {
    expect(safeRedirectPath('/user/set?tab=1#top')).toBe('/user/set?tab=1#top');
    for (const bad of [null, '', 'user/set', '//evil.example/x', '/\\evil.example', 'https://evil.example/', '/x\nSet-Cookie: a', '/login', '/register?x=1', '/retrievePassword']) {
      expect(safeRedirectPath(bad), String(bad)).toBeNull();
    }
  });

  it('the login page keeps the path in session storage; sign-in takes it once', () => {
    const storage = memoryStorage();
    keepRedirect(storage, '/user/modifypassword');
    expect(storage.data.get(REDIRECT_KEY)).toBe('/user/modifypassword');
    expect(takeRedirect(storage)).toBe('/user/modifypassword');
    expect(storage.data.has(REDIRECT_KEY)).toBe(false);
    expect(takeRedirect(storage)).toBe('/');
  });

  it('ignores unsafe values on the way in and out', () => {
    const storage = memoryStorage();
    keepRedirect(storage, 'https://evil.example/');
    expect(storage.data.size).toBe(0);
    expect(takeRedirect(memoryStorage({ [REDIRECT_KEY]: '//evil.example' }))).toBe('/');
  });
});

describe('stored user info (spec §3)', () => {
  it('keeps id, user name and avatar only, never the token', () => {
    const storage = memoryStorage();
    const user = { ...sessionUserFrom({ id: 'u1', username: 'li', avatar: { avatar: '/media/a.png' } }), token: 'secret' };
    storeUser(user, storage);
    expect(JSON.parse(storage.data.get(USER_INFO_KEY)!)).toEqual({ id: 'u1', username: 'li', avatar: '/media/a.png' });
  });

  it('keeps the admin flag of the server profile in the page only, never in storage', () => {
    expect(sessionUserFrom({ id: 'u1', username: 'li', avatar: { avatar: '' } })).not.toHaveProperty('isAdmin');
    const admin = sessionUserFrom({ id: 'u1', username: 'li', avatar: { avatar: '' }, isAdmin: true });
    expect(admin.isAdmin).toBe(true);
    const storage = memoryStorage();
    storeUser(admin, storage);
    expect(JSON.parse(storage.data.get(USER_INFO_KEY)!)).toEqual({ id: 'u1', username: 'li', avatar: '' });
  });

  it('marks a company account (its menu has the company dashboard) from the server profile, never from storage', () => {
    expect(sessionUserFrom({ id: 'u1', username: 'li', avatar: { avatar: '' }, accountType: 'personal' })).not.toHaveProperty('company');
    const company = sessionUserFrom({ id: 'u1', username: 'li', avatar: { avatar: '' }, accountType: 'company' });
    expect(company.company).toBe(true);
    const storage = memoryStorage();
    storeUser(company, storage);
    expect(JSON.parse(storage.data.get(USER_INFO_KEY)!)).toEqual({ id: 'u1', username: 'li', avatar: '' });
  });

  it('treats anything malformed as signed out', () => {
    expect(parseStoredUser(null)).toBeNull();
    expect(parseStoredUser('not json')).toBeNull();
    expect(parseStoredUser('{"username":"li"}')).toBeNull();
    expect(parseStoredUser('{"id":"u1","username":"li"}')).toEqual({ id: 'u1', username: 'li', avatar: '' });
  });

  it('reads the CSRF token from the readable cookie', () => {
    expect(readCsrfToken('lang=en; bw_csrf=abc-123; bw_x=1')).toBe('abc-123');
    expect(readCsrfToken('lang=en')).toBeNull();
  });
});
