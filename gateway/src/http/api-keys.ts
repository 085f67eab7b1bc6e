import { createHash } from 'node:crypto';
import type { Cache } from '@brokerwise/cache';
import type { IdentityClient } from '../clients/identity.client.ts';

const VERIFIED_TTL_MS = 60_000;
const DAY_MS = 86_400_000;
/** Daily usage counters are kept this long, so the owner sees the last 30 days. */
const USAGE_KEEP_MS = 32 * DAY_MS;

/** The hash identity stores; also the key of a verified key in the cache (so revocation can drop it). */
export const apiKeyHash = (key: string): string => createHash('sha256').update(key).digest('base64url');
const verifiedKey = (hash: string) => `gw:apikey:${hash}`;
const day = (at: number) => new Date(at).toISOString().slice(0, 10);

/**
 * Keys of the public read API, seen from the gateway: verified with identity and remembered for a
 * minute (a revocation through the account page drops it at once), and counted per day.
 */
export class ApiKeys {
  private readonly identity: IdentityClient;
  private readonly cache: Cache;
  constructor(identity: IdentityClient, cache: Cache) {
    this.identity = identity;
    this.cache = cache;
  }

  async verify(key: string, requestId: string): Promise<{ id: string; userId: string } | undefined> {
    const hash = apiKeyHash(key);
    const cached = await this.cache.get(verifiedKey(hash));
    if (cached) return JSON.parse(cached) as { id: string; userId: string };
    const found = await this.identity.verifyApiKey(key, requestId);
    if (!found.valid || !found.id || !found.userId) return undefined;
    const result = { id: found.id, userId: found.userId };
    await this.cache.set(verifiedKey(hash), JSON.stringify(result), VERIFIED_TTL_MS);
    return result;
  }

  forget(secretHash: string): Promise<void> {
    return this.cache.del(verifiedKey(secretHash));
  }

  async count(keyId: string, at = Date.now()): Promise<void> {
    await this.cache.incr(`gw:apikey-use:${keyId}:${day(at)}`, USAGE_KEEP_MS);
  }

  /** Calls today and over the last 30 days (today included). */
  async usage(keyId: string, at = Date.now()): Promise<{ today: number; last30Days: number }> {
    const days = await Promise.all(Array.from({ length: 30 }, (_, i) => this.cache.get(`gw:apikey-use:${keyId}:${day(at - i * DAY_MS)}`)));
    const counts = days.map((v) => Number(v ?? 0) || 0);
    return { today: counts[0] ?? 0, last30Days: counts.reduce((a, b) => a + b, 0) };
  }
}
