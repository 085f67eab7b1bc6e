import type { Cache } from '@brokerwise/cache';
import type { Kysely } from '@brokerwise/sql';
import type { ObjectStore } from '@brokerwise/storage';
import type { IdentityTables } from '../store/types.ts';
import type { DeviceTokens } from './device.ts';
import type { PasswordHasher } from './passwords.ts';
import type { SocialVerifiers } from './social/index.ts';
import type { ProcessedImage } from './avatar/index.ts';

/** The domain's idea of "now"; tests pass a clock they move. */
export type Clock = () => Date;

/** Sign-in throttling (ADR 013); see LoginThrottle. */
export interface LoginLimits {
  /** Failures per account, from any untrusted client, before the growing delays begin. */
  maxFailuresPerAccount: number;
  /** How long an account's failures are remembered. */
  accountWindowMs: number;
  /** The longest delay between two attempts on one account. */
  maxDelayMs: number;
  /** Failures per account from one address, and per address, within `windowMs`. */
  maxFailuresPerAccountIp: number;
  maxFailuresPerIp: number;
  /** Failures with one device cookie within `windowMs` before that cookie stops counting as trusted. */
  maxFailuresPerDevice: number;
  windowMs: number;
}

/**
 * Everything the use cases may touch, built once by main.ts. Each use case declares the part it
 * uses (`Pick<IdentityContext, …>`), so its dependencies read from its signature.
 */
export interface IdentityContext {
  db: Kysely<IdentityTables>;
  cache: Cache;
  objects: ObjectStore;
  now: Clock;
  passwords: PasswordHasher;
  /** HMAC key of stored email codes. */
  codeSecret: string;
  loginLimits: LoginLimits;
  devices: DeviceTokens;
  social: SocialVerifiers;
  processAvatar: (input: Buffer) => Promise<ProcessedImage>;
}

/** Per-request facts the use cases copy into events. */
export interface RequestMeta {
  correlationId?: string | undefined;
}
