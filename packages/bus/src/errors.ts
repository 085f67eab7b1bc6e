/**
 * Errors the bus throws. Callers match on `code` (never `instanceof` across packages):
 * the outbox relay keeps its row and retries on BUS_UNAVAILABLE, a service shutting down sees BUS_CLOSED.
 */
export type BusErrorCode = 'BUS_CLOSED' | 'BUS_UNAVAILABLE' | 'BUS_INVALID_ARGUMENT';

export class BusError extends Error {
  readonly code: BusErrorCode;

  constructor(code: BusErrorCode, message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'BusError';
    this.code = code;
  }
}

/** Text of whatever a handler threw, for the dead-letter record. */
export function errorText(err: unknown): string {
  if (err instanceof Error) return err.message ? `${err.name}: ${err.message}` : err.name;
  return String(err);
}
