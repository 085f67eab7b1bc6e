import { useEffect } from 'react';
import useSWR from 'swr';
import type { NoticeStreamReady } from '@brokerwise/api-contract';
import * as ops from '@brokerwise/api-contract/paths';
import { isRouteNotFound } from '../lib/api';
import { NOTICE_NEW_EVENT, NOTICE_STREAM_PATH, NOTICE_UNREAD_EVENT } from '../lib/notice-events';
import { useBackgroundApi } from './ApiProvider';

export const NOTICE_POLL_MS = 60_000;

/**
 * The bell's dot. Polls GET /api/user/noticecont (spec §7: every 60 seconds while user info exists),
 * seeded with the root loader's answer; failures keep the last answer and say nothing; a missing
 * notices API (404) means no dot. On top of the poll, a live stream (EventSource on
 * /api/user/notice/stream) lights the dot within moments of a new notice; the poll stays as the
 * fallback when the stream can't be had (old browser, proxy, gateway restarting).
 */
export default function NoticePoller({ userId, seeded, onChange }: { userId: string; seeded: boolean; onChange: (unread: boolean) => void }) {
  const api = useBackgroundApi();
  const { data, mutate } = useSWR(
    ['notice-count', userId],
    async () => {
      try {
        return !!(await api.op(ops.noticeCount)).data;
      } catch (error) {
        if (isRouteNotFound(error)) return false;
        throw error;
      }
    },
    { refreshInterval: NOTICE_POLL_MS, fallbackData: seeded, shouldRetryOnError: false },
  );
  useEffect(() => onChange(data), [data, onChange]);

  useEffect(() => {
    const set = (unread: boolean) => void mutate(unread, { revalidate: false });
    const onRead = (event: Event) => set(((event as CustomEvent<number>).detail ?? 0) > 0);
    window.addEventListener(NOTICE_UNREAD_EVENT, onRead);
    if (typeof EventSource === 'undefined') return () => window.removeEventListener(NOTICE_UNREAD_EVENT, onRead);
    // Same origin: the session cookie goes along. EventSource reconnects by itself after a drop
    // (or the gateway's `bye` on shutdown), and gives up on a 401 (signed out elsewhere).
    const stream = new EventSource(NOTICE_STREAM_PATH);
    stream.addEventListener('ready', (event) => {
      try {
        set((JSON.parse((event as MessageEvent<string>).data) as NoticeStreamReady).unread > 0);
      } catch {
        // Not ours: the poll still tells.
      }
    });
    stream.addEventListener('notice', () => {
      set(true);
      window.dispatchEvent(new Event(NOTICE_NEW_EVENT));
    });
    return () => {
      window.removeEventListener(NOTICE_UNREAD_EVENT, onRead);
      stream.close();
    };
  }, [mutate, userId]);
  return null;
}
