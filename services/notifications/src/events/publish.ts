import { encodeEvent, timestampFromDate, type EncodedEvent } from '@brokerwise/proto';
import type { NoticeCategory } from '../store/types.ts';

const PRODUCER = 'notifications';

/** `notifications.notice.created`: a signal for the gateways' open notice streams (no text in it). */
export function noticeCreated(userId: string | null, noticeId: string, category: NoticeCategory, at: Date, correlationId: string | undefined): EncodedEvent {
  return encodeEvent(
    'notifications.notice.created',
    { userId: userId ?? '', noticeId, category, createdAt: timestampFromDate(at) },
    { producer: PRODUCER, occurredAt: at, ...(correlationId ? { correlationId } : {}) },
  );
}
