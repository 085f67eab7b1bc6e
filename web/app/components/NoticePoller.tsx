import { useEffect } from 'react';
import useSWR from 'swr';
import { isRouteNotFound } from '../lib/api';
import { useApi } from './ApiProvider';

export const NOTICE_POLL_MS = 60_000;

/**
 * Polls GET /api/user/noticecont (spec §7: every 60 seconds while user info exists), seeded with the
 * root loader's answer. Failures keep the last answer and say nothing; a missing notices API (404)
 * means no dot.
 */
export default function NoticePoller({ userId, seeded, onChange }: { userId: string; seeded: boolean; onChange: (unread: boolean) => void }) {
  const api = useApi();
  const { data } = useSWR(
    ['notice-count', userId],
    async () => {
      try {
        return !!(await api.get<unknown>('/api/user/noticecont')).data;
      } catch (error) {
        if (isRouteNotFound(error)) return false;
        throw error;
      }
    },
    { refreshInterval: NOTICE_POLL_MS, fallbackData: seeded, shouldRetryOnError: false },
  );
  useEffect(() => onChange(data), [data, onChange]);
  return null;
}
