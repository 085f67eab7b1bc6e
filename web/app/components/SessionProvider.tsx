import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useRevalidator } from 'react-router';
import { clearStoredUser, readStoredUser, storeUser, USER_INFO_KEY, type SessionUser } from '../lib/session';

interface Session {
  user: SessionUser | null;
  /** After a successful sign-in or registration (spec §4: signed out → signed in). */
  signIn(user: SessionUser): void;
  /** Profile edits that the header shows (user name, avatar). */
  update(changes: Partial<Omit<SessionUser, 'id'>>): void;
  /** Codes 402/409/302, logout, password change: clear userInfo, back to signed out. */
  end(): void;
}

const SessionContext = createContext<Session | null>(null);

/**
 * Who is signed in, for the whole page. The server's answer (from the session cookie) renders first;
 * after hydration localStorage `userInfo` is brought in line with it, or, when the server could not
 * check the cookie, restores the user from it (spec §4: "restored from local storage at start").
 */
export function SessionProvider({ initial, unchecked, children }: { initial: SessionUser | null; unchecked: boolean; children: ReactNode }) {
  const [user, setUser] = useState<SessionUser | null>(initial);

  useEffect(() => {
    if (initial) {
      storeUser(initial);
      setUser(initial);
    } else if (unchecked) {
      setUser(readStoredUser());
    } else {
      clearStoredUser();
      setUser(null);
    }
  }, [initial, unchecked]);

  // Another tab signed in or out: follow it (the cookie is shared, so it tells the truth). Storage
  // holds no roles: a sign-in elsewhere asks the root loader's session check for them.
  const { revalidate } = useRevalidator();
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== USER_INFO_KEY && event.key !== null) return;
      const stored = readStoredUser();
      // The same user keeps their roles until the check answers.
      setUser((current) => (stored && current && current.id === stored.id && (current.isAdmin || current.role) ? { ...stored, ...(current.isAdmin ? { isAdmin: true } : {}), ...(current.role ? { role: current.role } : {}) } : stored));
      if (stored) void revalidate();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [revalidate]);

  const signIn = useCallback((next: SessionUser) => {
    storeUser(next);
    setUser(next);
  }, []);
  const update = useCallback((changes: Partial<Omit<SessionUser, 'id'>>) => {
    setUser((current) => {
      if (!current) return current;
      const next = { ...current, ...changes };
      storeUser(next);
      return next;
    });
  }, []);
  const end = useCallback(() => {
    clearStoredUser();
    setUser(null);
  }, []);

  const value = useMemo(() => ({ user, signIn, update, end }), [user, signIn, update, end]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession needs a SessionProvider');
  return session;
}
