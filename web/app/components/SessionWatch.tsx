import { useEffect, useRef } from 'react';
import { useRevalidator } from 'react-router';
import * as ops from '@brokerwise/api-contract/paths';
import type { SessionUser } from '../lib/session';
import { useBackgroundApi } from './ApiProvider';
import { useSession } from './SessionProvider';

/**
 * Keeps the page's idea of the session true when it changes elsewhere. The root loader's check
 * (POST /api/user/index) is the truth: roles come only from it, and a session revoked on another
 * device or by a password change shows nowhere else until the page asks.
 * - The page ended the session itself (an API call answered 402/409, HTTP 401): the loaders run
 *   again, so the root's data and a guarded page follow (to /login) instead of showing stale content.
 * - The visitor comes back to the tab (focus, visibility): one session check; a revoked session
 *   signs the page out at once (the API client's session-ending answer), a changed user or role
 *   reloads the root's data.
 */
export function SessionWatch({ serverUser }: { serverUser: SessionUser | null }) {
  const { user } = useSession();
  const api = useBackgroundApi();
  const { revalidate } = useRevalidator();
  const revalidateRef = useRef(revalidate);
  revalidateRef.current = revalidate;

  const endedHere = !!serverUser && !user;
  useEffect(() => {
    if (endedHere) void revalidateRef.current();
  }, [endedHere]);

  useEffect(() => {
    if (!user) return;
    let checking = false;
    const check = async () => {
      if (checking || document.visibilityState !== 'visible') return;
      checking = true;
      try {
        const { data } = await api.op(ops.profile);
        if (data.id !== user.id || data.username !== user.username || !!data.isAdmin !== !!user.isAdmin || (data.role === 'user' ? undefined : data.role) !== user.role) await revalidateRef.current();
      } catch {
        // A session-ending answer has signed the page out already (ApiProvider's onSessionEnded);
        // any other failure (offline, a timeout) says nothing about the session.
      } finally {
        checking = false;
      }
    };
    const onVisibility = () => void check();
    window.addEventListener('focus', onVisibility);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('focus', onVisibility);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [user, api]);

  return null;
}
