import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';
import type { Caller, StaffRole } from '@brokerwise/service-kit';

/**
 * Whom the gateway acts for during one request, for the service tokens its clients sign (ADR 017):
 * the session check records the signed-in user, the role guard the staff role. Calls made outside
 * a request (background work) act for nobody.
 */
const storage = new AsyncLocalStorage<Caller>();

export function registerActingContext(app: FastifyInstance): void {
  // Each request runs in a context of its own, from its first hook to its handler's last await.
  app.addHook('onRequest', (_request, _reply, done) => storage.run({}, done));
}

export const actingCaller = (): Caller => storage.getStore() ?? {};

export function actFor(userId: string): void {
  const store = storage.getStore();
  if (store) store.userId = userId;
}

/** The staff role the guard checked: the service tokens of this request carry it. */
export function actAsStaff(role: StaffRole): void {
  const store = storage.getStore();
  if (store) store.role = role;
}

/**
 * Runs `fn` acting for nobody yet, in a context of its own within the current request: one part
 * of a page's answer (routes/pages.ts) acts for the user only if that part's own session check
 * says so, as it would as a request of its own, and never lends the user to the other parts.
 */
export function actingAlone<T>(fn: () => Promise<T>): Promise<T> {
  return storage.run({}, fn);
}
