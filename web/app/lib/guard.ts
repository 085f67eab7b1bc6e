/**
 * The role guard's rules (spec §2, §6): pages for signed-in users send visitors to /login and keep
 * the path they wanted in session storage, so sign-in can take them back there.
 */
import { safeLocalPath } from '@brokerwise/safe-url';
import { REDIRECT_KEY, REDIRECT_PARAM } from './session';
import { BARE_ROUTES } from './site';

/** Routes that require the user role (spec §2 route table). */
export const USER_ROUTES: ReadonlySet<string> = new Set([
  '/user/reviews',
  '/user/set',
  '/user/modifypassword',
  '/user/vlog',
  '/user/creation',
  '/user/notice',
  '/user/apikeys',
]);

/**
 * Whether signing out here should leave for home instead of reloading (spec §4: "a signed-in page
 * goes home"): the user routes, the trader pages only a signed-in user has (their own accounts,
 * binding, applications) and the admin screens. A public trader account (`?id=`) just reloads.
 */
export function leavesOnSignOut(pathname: string, search: string): boolean {
  if (USER_ROUTES.has(pathname) || pathname.startsWith('/admin/')) return true;
  if (pathname === '/trader/bindaccount' || pathname === '/trader/apply') return true;
  return pathname === '/trader/account' && !new URLSearchParams(search).get('id');
}

/**
 * A path sign-in may send the visitor to: site-relative (no scheme, no `//host`), and not one of
 * the sign-in pages themselves (which would loop). Anything else is dropped.
 */
export function safeRedirectPath(value: string | null | undefined): string | null {
  const path = safeLocalPath(value);
  if (!path || BARE_ROUTES.has(new URL(path, 'http://site.invalid').pathname)) return null;
  return path;
}

/** The last address asked and its answer: a page asks for its own once per sign-in link (a company page's report links: one a review). */
let lastLogin: { from: string; url: `/login${string}` } | undefined;

/** The login address the guard redirects to, carrying where the visitor was going. */
export function loginUrlFor(pathname: string, search = ''): `/login${string}` {
  const from = pathname + search;
  if (lastLogin?.from === from) return lastLogin.url;
  const back = safeRedirectPath(from);
  const url: `/login${string}` = back && back !== '/' ? `/login?${new URLSearchParams({ [REDIRECT_PARAM]: back })}` : '/login';
  lastLogin = { from, url };
  return url;
}

interface RedirectStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** Login page: copy a guard's `?redirect=` into session storage (spec: "kept in session storage"). */
export function keepRedirect(storage: RedirectStorage, value: string | null | undefined): void {
  const path = safeRedirectPath(value);
  if (!path) return;
  try {
    storage.setItem(REDIRECT_KEY, path);
  } catch {
    // Storage disabled: sign-in then goes to the home page.
  }
}

/** After sign-in: where to go (the kept path, or home), and forget it. */
export function takeRedirect(storage: RedirectStorage): string {
  try {
    const path = safeRedirectPath(storage.getItem(REDIRECT_KEY));
    storage.removeItem(REDIRECT_KEY);
    return path ?? '/';
  } catch {
    return '/';
  }
}
