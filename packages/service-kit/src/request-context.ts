import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The id of the request (or, in a consumer, of the request behind the event) being handled, so
 * code deep in a domain function can stamp it on the events it writes without passing it along.
 */
const requestIds = new AsyncLocalStorage<string>();

export function currentRequestId(): string | undefined {
  return requestIds.getStore();
}

/** Runs `fn` (and everything it awaits or schedules) as part of request `id`. */
export function withRequestId<T>(id: string, fn: () => T): T {
  return requestIds.run(id, fn);
}
