/**
 * The bell and the notices page talk through window events, so neither loads the other's code:
 * - `bw:notice-unread` (detail: unread count) — the notices page marked notices read: the bell follows;
 * - `bw:notice-new` — the live stream announced a new notice: an open notices page reloads its list.
 */
export const NOTICE_UNREAD_EVENT = 'bw:notice-unread';
export const NOTICE_NEW_EVENT = 'bw:notice-new';

export function announceUnread(count: number): void {
  window.dispatchEvent(new CustomEvent<number>(NOTICE_UNREAD_EVENT, { detail: count }));
}

/** The live stream of new notices (Server-Sent Events through the gateway, session cookie). */
export const NOTICE_STREAM_PATH = '/api/user/notice/stream';
