import type { ErrorData } from '@brokerwise/api-contract';
import { ApiError } from './api';

/** What a newsletter link led to, for the confirm and unsubscribe pages. */
export type LinkOutcome = 'done' | 'invalid' | 'expired' | 'error';

/** Maps a failed confirm/unsubscribe call to what the page says (by error code, in the page's language). */
export function linkOutcomeOf(error: unknown): LinkOutcome {
  const code = error instanceof ApiError ? (error.data as Partial<ErrorData> | null)?.error : undefined;
  if (code === 'notifications.token_expired') return 'expired';
  if (code === 'notifications.token_invalid' || code === 'validation_failed') return 'invalid';
  return 'error';
}

/** Statuses the gateway's form route sends back in /newsletter?status=. */
export const FORM_STATUSES = ['pending', 'confirmed', 'required', 'format', 'limited', 'error'] as const;
export type FormStatus = (typeof FORM_STATUSES)[number];

export function formStatusOf(value: string | null): FormStatus | null {
  return (FORM_STATUSES as readonly string[]).includes(value ?? '') ? (value as FormStatus) : null;
}
