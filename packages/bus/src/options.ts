import { BusError } from './errors.ts';
import { assertTypePattern } from './match.ts';
import type { DeliveredMessage, SubscribeOptions } from './types.ts';

export const DEFAULT_MAX_DELIVER = 5;
export const DEFAULT_BACKOFF_MS: readonly number[] = [200, 1000, 5000];
export const DEFAULT_ACK_WAIT_MS = 30_000;
export const DEFAULT_CONCURRENCY = 1;
/** How long a published id is remembered for dedupe (JetStream `duplicate_window`). */
export const DEDUPE_WINDOW_MS = 2 * 60_000;

export interface ResolvedSubscribeOptions {
  durable: string;
  types: string[];
  maxDeliver: number;
  backoffMs: number[];
  ackWaitMs: number;
  concurrency: number;
  inactiveThresholdMs: number | undefined;
  from: 'all' | 'new';
  handler: (msg: DeliveredMessage) => Promise<void>;
}

// Durable names become NATS consumer names: no dots, wildcards, spaces or path separators.
export const DURABLE_NAME = /^[A-Za-z0-9_-]+$/;

function invalid(message: string): never {
  throw new BusError('BUS_INVALID_ARGUMENT', message);
}

export function resolveSubscribeOptions(opts: SubscribeOptions): ResolvedSubscribeOptions {
  if (!DURABLE_NAME.test(opts.durable)) invalid(`invalid durable name ${JSON.stringify(opts.durable)}: letters, digits, _ and - only`);
  if (!Array.isArray(opts.types) || opts.types.length === 0) invalid(`durable ${opts.durable}: types must list at least one type`);
  opts.types.forEach(assertTypePattern);
  const maxDeliver = opts.maxDeliver ?? DEFAULT_MAX_DELIVER;
  if (!Number.isInteger(maxDeliver) || maxDeliver < 1) invalid(`durable ${opts.durable}: maxDeliver must be an integer >= 1`);
  const backoffMs = opts.backoffMs ?? [...DEFAULT_BACKOFF_MS];
  if (backoffMs.length === 0 || !backoffMs.every((b) => Number.isFinite(b) && b >= 0)) {
    invalid(`durable ${opts.durable}: backoffMs must be a non-empty list of delays >= 0`);
  }
  const ackWaitMs = opts.ackWaitMs ?? DEFAULT_ACK_WAIT_MS;
  if (!Number.isFinite(ackWaitMs) || ackWaitMs <= 0) invalid(`durable ${opts.durable}: ackWaitMs must be > 0`);
  const concurrency = opts.concurrency ?? DEFAULT_CONCURRENCY;
  if (!Number.isInteger(concurrency) || concurrency < 1) invalid(`durable ${opts.durable}: concurrency must be an integer >= 1`);
  if (typeof opts.handler !== 'function') invalid(`durable ${opts.durable}: handler must be a function`);
  const inactiveThresholdMs = opts.inactiveThresholdMs;
  if (inactiveThresholdMs !== undefined && (!Number.isFinite(inactiveThresholdMs) || inactiveThresholdMs <= 0)) invalid(`durable ${opts.durable}: inactiveThresholdMs must be > 0`);
  const from = opts.from ?? 'all';
  if (from !== 'all' && from !== 'new') invalid(`durable ${opts.durable}: from must be 'all' or 'new'`);
  return { durable: opts.durable, types: [...opts.types], maxDeliver, backoffMs: [...backoffMs], ackWaitMs, concurrency, inactiveThresholdMs, from, handler: opts.handler };
}

/** Delay before the redelivery that follows failed delivery number `deliveryCount` (1-based; last delay repeats). */
export function backoffDelay(backoffMs: readonly number[], deliveryCount: number): number {
  return backoffMs[Math.min(Math.max(deliveryCount, 1), backoffMs.length) - 1] ?? 0;
}
