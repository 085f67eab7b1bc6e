import type { Cache } from '@brokerwise/cache';
import type { Clock, LoginLimits } from './context.ts';

const PREFIX = 'identity:login:';
/** The first delay once an account's free failures are used up; each further failure doubles it. */
const DELAY_BASE_MS = 1_000;
/** How long one attempt may hold an account's turn (one password verification takes far less). */
const TURN_MS = 30_000;

/**
 * Who is trying. `device` is set only when the caller presented a valid device cookie of the
 * very account tried (ADR 013): such attempts are counted against that cookie alone.
 */
export interface Attempt {
  account: string;
  ip: string;
  device?: string | undefined;
}

/** A refused attempt: how long to wait before the next one (Retry-After). */
export interface Refusal {
  retryAfter: number;
}

/** A granted attempt: report its outcome with `failed()` or `succeeded()`. */
export interface Turn {
  /** Whether the attempt is counted as the device cookie's (trusted client). */
  trusted: boolean;
  failed(): Promise<void>;
  succeeded(): Promise<void>;
}

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/**
 * Sign-in throttling without lockout (NIST 800-63B §5.2.2, OWASP "device cookies", ADR 013):
 *
 * - untrusted clients (no valid device cookie) are limited per account+address and per address
 *   in fixed windows, and per account across all addresses by growing delays: after
 *   `maxFailuresPerAccount` failures each further one doubles the wait before the next attempt
 *   (up to `maxDelayMs`), and only one attempt at a time holds the account's turn, so guessing
 *   from many addresses in parallel gains nothing;
 * - a client with a valid device cookie of the account skips those limits (its owner gets in
 *   during an attack); its failures count against that cookie, which is refused, i.e. treated as
 *   untrusted, after `maxFailuresPerDevice` of them.
 *
 * Comparisons use the domain clock; cache TTLs only expire old keys.
 */
export class LoginThrottle {
  readonly #cache: Cache;
  readonly #limits: LoginLimits;
  readonly #now: Clock;

  constructor(cache: Cache, limits: LoginLimits, now: Clock) {
    this.#cache = cache;
    this.#limits = limits;
    this.#now = now;
  }

  /** Whether a device cookie has not yet used up its own failures. */
  async deviceUsable(device: string): Promise<boolean> {
    const failures = Number((await this.#cache.get(`${PREFIX}device:${device}:failures`)) ?? 0);
    return failures < this.#limits.maxFailuresPerDevice;
  }

  /** Grants an attempt or says how long to wait. */
  async begin(attempt: Attempt): Promise<Turn | Refusal> {
    if (attempt.device && (await this.deviceUsable(attempt.device))) return this.#deviceTurn(attempt.device);
    const windows = [
      { key: `${PREFIX}pair:${attempt.account}:${attempt.ip}`, limit: this.#limits.maxFailuresPerAccountIp, on: attempt.ip !== '' },
      // Without a client address only the account is counted: one shared "" key would lock everybody out.
      { key: `${PREFIX}ip:${attempt.ip}`, limit: this.#limits.maxFailuresPerIp, on: attempt.ip !== '' },
    ].filter((w) => w.on);
    const waits = await Promise.all(windows.map((w) => this.#blockedFor(w.key)));
    const wait = Math.max(0, ...waits.filter((x): x is number => x !== undefined));
    if (wait > 0) return { retryAfter: wait };

    const accountKey = `${PREFIX}account:${attempt.account}`;
    const [failuresRaw, nextAtRaw] = await Promise.all([this.#cache.get(`${accountKey}:failures`), this.#cache.get(`${accountKey}:next`)]);
    const failures = Number(failuresRaw ?? 0);
    if (failures >= this.#limits.maxFailuresPerAccount) {
      const nextAt = Number(nextAtRaw ?? 0);
      const now = this.#now().getTime();
      if (nextAt > now) return { retryAfter: seconds(nextAt - now) };
      // One attempt per failure count: parallel guesses from many addresses wait their turn.
      if (!(await this.#cache.setIfAbsent(`${accountKey}:turn:${failures}`, '1', TURN_MS))) return { retryAfter: 1 };
    }

    return {
      trusted: false,
      failed: async () => {
        await Promise.all(windows.map((w) => this.#count(w.key, w.limit, this.#limits.windowMs)));
        const { value } = await this.#cache.incr(`${accountKey}:failures`, this.#limits.accountWindowMs);
        const over = value - this.#limits.maxFailuresPerAccount;
        if (over > 0) {
          const delay = Math.min(this.#limits.maxDelayMs, DELAY_BASE_MS * 2 ** Math.min(30, over - 1));
          await this.#cache.set(`${accountKey}:next`, String(this.#now().getTime() + delay), delay + TURN_MS);
        }
      },
      succeeded: async () => {
        // The owner proved the password: this address's and the account's failures start again.
        const pair = windows[0]?.key;
        await Promise.all([
          ...(pair ? [this.#cache.del(`${pair}:failures`), this.#cache.del(`${pair}:blocked`)] : []),
          this.#resetAccount(attempt.account, failures),
        ]);
      },
    };
  }

  #deviceTurn(device: string): Turn {
    const key = `${PREFIX}device:${device}:failures`;
    return {
      trusted: true,
      failed: async () => {
        await this.#cache.incr(key, this.#limits.windowMs);
      },
      // The account's delays stay: an owner signing in during an attack must not hand the
      // attacker a fresh set of free guesses.
      succeeded: async () => {
        await this.#cache.del(key);
      },
    };
  }

  async #resetAccount(account: string, failures: number): Promise<void> {
    const accountKey = `${PREFIX}account:${account}`;
    await Promise.all([this.#cache.del(`${accountKey}:failures`), this.#cache.del(`${accountKey}:next`), this.#cache.del(`${accountKey}:turn:${failures}`)]);
  }

  async #blockedFor(key: string): Promise<number | undefined> {
    const until = await this.#cache.get(`${key}:blocked`);
    if (until === null) return undefined;
    const left = Number(until) - this.#now().getTime();
    return left > 0 ? seconds(left) : undefined;
  }

  /** A fixed window: reaching the limit blocks the key for the rest of it. */
  async #count(key: string, limit: number, windowMs: number): Promise<void> {
    const { value, ttlMs } = await this.#cache.incr(`${key}:failures`, windowMs);
    if (value >= limit && ttlMs > 0) await this.#cache.set(`${key}:blocked`, String(this.#now().getTime() + ttlMs), ttlMs);
  }
}

export const isRefusal = (r: Turn | Refusal): r is Refusal => 'retryAfter' in r;
