/**
 * The browser's view of the session (spec §3, §4). The real session is the httpOnly `bw_session`
 * cookie the gateway sets; the page keeps only what the header needs (`userInfo`: id, user name,
 * avatar address) in localStorage so a page knows at start who is signed in. The token is never
 * put in web storage: the cookie carries it, and `bw_csrf` (readable) is echoed in `x-csrf-token`.
 */
import type { UserInfo } from '@brokerwise/api-contract';
import { readCookie } from './locale';

export const USER_INFO_KEY = 'userInfo';
/** Login "remember": only the email or user name is kept (ADR: never the password). */
export const REMEMBER_EMAIL_KEY = 'rememberEmail';
/** Where the guard sends the visitor back after signing in (sessionStorage). */
export const REDIRECT_KEY = 'redirectAfterLogin';
/** Query parameter the server-side guard uses to hand the path to the login page. */
export const REDIRECT_PARAM = 'redirect';

export const SESSION_COOKIE = 'bw_session';
export const CSRF_COOKIE = 'bw_csrf';
export const CSRF_HEADER = 'x-csrf-token';

/** What the page knows about the signed-in user. */
export interface SessionUser {
  id: string;
  username: string;
  /** Picture address, or '' for none. */
  avatar: string;
  /** May moderate reviews (from the server's profile only; never stored, never trusted for access). */
  isAdmin?: boolean;
  /** Staff role (moderator or admin), from the server's profile only, like `isAdmin`: it picks the admin links shown. */
  role?: 'moderator' | 'admin';
  /** A company account (its menu has the company dashboard), from the server's profile. */
  company?: boolean;
}

interface RemovableStorage {
  removeItem(key: string): void;
}
interface KeyValueStorage extends RemovableStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export function sessionUserFrom(
  info: Pick<UserInfo, 'id' | 'username' | 'avatar'> & { isAdmin?: boolean | undefined; role?: string | undefined; accountType?: string | undefined },
): SessionUser {
  const user: SessionUser = { id: info.id, username: info.username, avatar: info.avatar?.avatar ?? '' };
  if (info.isAdmin === true) user.isAdmin = true;
  if (info.role === 'moderator' || info.role === 'admin') user.role = info.role;
  if (info.accountType === 'company') user.company = true;
  return user;
}

/** Parses stored user info; anything malformed counts as signed out. */
export function parseStoredUser(raw: string | null): SessionUser | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<SessionUser> | null;
    if (!value || typeof value.id !== 'string' || !value.id || typeof value.username !== 'string') return null;
    return { id: value.id, username: value.username, avatar: typeof value.avatar === 'string' ? value.avatar : '' };
  } catch {
    return null;
  }
}

export function readStoredUser(storage: Pick<KeyValueStorage, 'getItem'> | null = browserLocal()): SessionUser | null {
  try {
    return parseStoredUser(storage?.getItem(USER_INFO_KEY) ?? null);
  } catch {
    return null;
  }
}

export function storeUser(user: SessionUser, storage: KeyValueStorage | null = browserLocal()): void {
  try {
    // Only these three fields, whatever the caller's object holds (never a token).
    storage?.setItem(USER_INFO_KEY, JSON.stringify({ id: user.id, username: user.username, avatar: user.avatar }));
  } catch {
    // Storage disabled or full: the cookie session still works, the header just can't be restored offline.
  }
}

export function clearStoredUser(storages: RemovableStorage[] = browserStorages()): void {
  for (const storage of storages) {
    try {
      storage.removeItem(USER_INFO_KEY);
    } catch {
      // Storage can throw when disabled; there is nothing stored to clear then.
    }
  }
}

/** The `bw_csrf` cookie value to echo in `x-csrf-token`, read fresh on every call (it changes at sign-in). */
export function readCsrfToken(cookieHeader: string | null | undefined): string | null {
  return readCookie(cookieHeader, CSRF_COOKIE);
}

function browserLocal(): KeyValueStorage | null {
  if (typeof window === 'undefined') return null;
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function browserStorages(): RemovableStorage[] {
  if (typeof window === 'undefined') return [];
  try {
    return [window.localStorage, window.sessionStorage];
  } catch {
    return [];
  }
}
