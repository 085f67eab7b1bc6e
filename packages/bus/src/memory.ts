import { BusError, errorText } from './errors.ts';
import { assertEventType, matchesType } from './match.ts';
import { DEDUPE_WINDOW_MS, DURABLE_NAME, backoffDelay, resolveSubscribeOptions } from './options.ts';
import type { ResolvedSubscribeOptions } from './options.ts';
import type { DeadLetter, DeliveredMessage, EventBus, OutgoingMessage, SubscribeOptions, Subscription, UnpublishedDeadLetter } from './types.ts';

/** One message waiting in (or being handled by) one durable: the in-process stand-in for a JetStream pending message. */
interface Entry {
  readonly seq: number;
  readonly msg: OutgoingMessage;
  deliveries: number;
  inFlight: boolean;
  /** Earliest time of the next delivery (nak backoff). */
  availableAt: number;
  /** Bumped on every delivery and ack-wait expiry, so a stale settlement can be recognised. */
  attempt: number;
}

/** A durable consumer. It outlives its subscriptions, like a JetStream durable outlives client connections. */
interface Durable {
  readonly name: string;
  config: Omit<ResolvedSubscribeOptions, 'handler' | 'concurrency' | 'from'>;
  /** Pending messages in publish order (Map keeps insertion order and deletes in O(1)). */
  readonly entries: Map<number, Entry>;
  readonly subs: MemorySubscription[];
  /** Round-robin cursor over `subs`, so subscriptions sharing a durable compete fairly. */
  next: number;
  timer: NodeJS.Timeout | undefined;
  timerAt: number;
  /** Armed while a durable with an inactive threshold has no subscription. */
  idleTimer: NodeJS.Timeout | undefined;
}

export interface MemoryBusOptions {
  /** How long a published id is remembered for dedupe. Default 2 minutes (as the NATS stream). */
  dedupeWindowMs?: number;
  /** How long the stream keeps an event for durables created later. Default 7 days (as the NATS stream). */
  maxAgeMs?: number;
  /** Most events the stream keeps (oldest dropped first), so a long embedded run stays small. Default 100,000. */
  maxMessages?: number;
}

/** One published event as the stream keeps it. */
interface Stored {
  readonly msg: OutgoingMessage;
  readonly at: number;
  /** A replayed dead letter: for this durable only (as the NATS replay header). */
  readonly forDurable?: string | undefined;
}

/**
 * The event bus inside one process (embedded mode and tests). Same semantics as `NatsBus`: publish
 * dedupe by id, a stream that keeps what was published (bounded by age and count) so a durable
 * created later starts from its first event ("deliver all", or `from: 'new'`), durables that keep
 * their messages while nobody is subscribed, competing subscriptions per durable,
 * explicit ack, nak with backoff, ack-wait redelivery and dead letters after `maxDeliver`.
 * Nothing survives the process, which is the one difference.
 */
export class MemoryBus implements EventBus {
  readonly kind = 'memory' as const;
  readonly #dedupeWindowMs: number;
  /** id → time it leaves the dedupe window; insertion order is expiry order. */
  readonly #seen = new Map<string, number>();
  readonly #durables = new Map<string, Durable>();
  /** Dead-letter "stream": seq → letter, oldest first. */
  readonly #deadLetters = new Map<number, DeadLetter>();
  #deadSeq = 0;
  /** The stream: stream sequence → event, oldest first. */
  readonly #stream = new Map<number, Stored>();
  readonly #maxAgeMs: number;
  readonly #maxMessages: number;
  #streamSeq = 0;
  #seq = 0;
  #closed = false;

  constructor(options: MemoryBusOptions = {}) {
    this.#dedupeWindowMs = options.dedupeWindowMs ?? DEDUPE_WINDOW_MS;
    this.#maxAgeMs = options.maxAgeMs ?? 7 * 24 * 3600_000;
    this.#maxMessages = options.maxMessages ?? 100_000;
  }

  async publish(msg: OutgoingMessage): Promise<void> {
    if (this.#closed) throw new BusError('BUS_CLOSED', `bus is closed: ${msg.type} ${msg.id} not published`);
    assertEventType(msg.type);
    if (typeof msg.id !== 'string' || msg.id === '') throw new BusError('BUS_INVALID_ARGUMENT', 'message id is required');
    const now = Date.now();
    this.#forgetExpiredIds(now);
    if (this.#seen.has(msg.id)) return;
    this.#seen.set(msg.id, now + this.#dedupeWindowMs);
    // Copy so a publisher reusing its buffer cannot change what consumers receive.
    const stored: OutgoingMessage = { id: msg.id, type: msg.type, data: new Uint8Array(msg.data) };
    if (msg.correlationId !== undefined) stored.correlationId = msg.correlationId;
    if (msg.traceContext !== undefined) stored.traceContext = { ...msg.traceContext };
    this.#append(stored, undefined, now);
  }

  /** Adds to the stream and to every durable it is for (only `forDurable` for a replayed dead letter). */
  #append(stored: OutgoingMessage, forDurable: string | undefined, now: number): void {
    this.#stream.set(++this.#streamSeq, { msg: stored, at: now, forDurable });
    this.#trimStream(now);
    for (const durable of this.#durables.values()) {
      if (!wants(durable, stored.type, forDurable)) continue;
      const seq = ++this.#seq;
      durable.entries.set(seq, { seq, msg: stored, deliveries: 0, inFlight: false, availableAt: now, attempt: 0 });
      this.#pump(durable);
    }
  }

  async subscribe(opts: SubscribeOptions): Promise<Subscription> {
    const resolved = resolveSubscribeOptions(opts);
    if (this.#closed) throw new BusError('BUS_CLOSED', `bus is closed: cannot subscribe ${resolved.durable}`);
    const { durable: name, types, maxDeliver, backoffMs, ackWaitMs, inactiveThresholdMs } = resolved;
    const config = { durable: name, types, maxDeliver, backoffMs, ackWaitMs, inactiveThresholdMs };
    let durable = this.#durables.get(resolved.durable);
    if (durable) {
      // Like a JetStream consumer update: the latest subscriber's settings win.
      durable.config = config;
    } else {
      durable = { name: resolved.durable, config, entries: new Map(), subs: [], next: 0, timer: undefined, timerAt: Infinity, idleTimer: undefined };
      this.#durables.set(durable.name, durable);
      if (resolved.from === 'all') this.#replayStream(durable);
    }
    clearTimeout(durable.idleTimer);
    durable.idleTimer = undefined;
    const d = durable;
    const sub = new MemorySubscription(durable, resolved.handler, resolved.concurrency, () => this.#pump(d), () => this.#whenIdle(d));
    durable.subs.push(sub);
    this.#pump(durable);
    return sub;
  }

  async deadLetters(durable?: string): Promise<DeadLetter[]> {
    return [...this.#deadLetters.values()].filter((d) => durable === undefined || d.durable === durable).map(copyLetter);
  }

  async deadLetter(seq: number): Promise<DeadLetter | undefined> {
    const letter = this.#deadLetters.get(seq);
    return letter && copyLetter(letter);
  }

  async replayDeadLetter(seq: number): Promise<boolean> {
    if (this.#closed) throw new BusError('BUS_CLOSED', 'bus is closed: nothing replayed');
    const letter = this.#deadLetters.get(seq);
    if (!letter) return false;
    // Whatever else the message carried (headers-to-be) travels on: only the dead-letter fields go.
    const { seq: _seq, deadAt: _deadAt, durable, error: _error, origin, deliveryCount: _count, ...msg } = copyLetter(letter);
    if (origin === 'publish') {
      this.#seen.delete(msg.id);
      await this.publish(msg);
    } else {
      // Past the dedupe check: the id was published once already, this is a deliberate second delivery.
      this.#append(msg, durable, Date.now());
    }
    this.#deadLetters.delete(seq);
    return true;
  }

  async dropDeadLetter(seq: number): Promise<boolean> {
    return this.#deadLetters.delete(seq);
  }

  async deadLetterUnpublished(msg: OutgoingMessage, why: UnpublishedDeadLetter): Promise<void> {
    if (this.#closed) throw new BusError('BUS_CLOSED', `bus is closed: ${msg.type} ${msg.id} not dead-lettered`);
    if (!DURABLE_NAME.test(why.source)) throw new BusError('BUS_INVALID_ARGUMENT', `invalid dead-letter source ${JSON.stringify(why.source)}`);
    const seq = ++this.#deadSeq;
    this.#deadLetters.set(seq, { ...msg, data: new Uint8Array(msg.data), deliveryCount: why.attempts, durable: why.source, error: why.error, seq, deadAt: new Date(), origin: 'publish' });
  }

  async ping(): Promise<void> {
    if (this.#closed) throw new BusError('BUS_CLOSED', 'bus is closed');
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    const subs = [...this.#durables.values()].flatMap((d) => d.subs);
    await Promise.all(subs.map((s) => s.drain()));
    for (const durable of this.#durables.values()) {
      clearTimeout(durable.timer);
      clearTimeout(durable.idleTimer);
    }
  }

  /** The last subscription of a durable went away: with an inactive threshold, forget it after that long. */
  #whenIdle(durable: Durable): void {
    const threshold = durable.config.inactiveThresholdMs;
    if (threshold === undefined || durable.subs.length > 0 || this.#closed) return;
    clearTimeout(durable.idleTimer);
    durable.idleTimer = setTimeout(() => {
      if (durable.subs.length > 0 || this.#durables.get(durable.name) !== durable) return;
      clearTimeout(durable.timer);
      this.#durables.delete(durable.name);
    }, threshold);
    durable.idleTimer.unref();
  }

  /** A new deliver-all durable starts with every event the stream still holds, in publish order. */
  #replayStream(durable: Durable): void {
    const now = Date.now();
    this.#trimStream(now);
    for (const { msg, forDurable } of this.#stream.values()) {
      if (!wants(durable, msg.type, forDurable)) continue;
      const seq = ++this.#seq;
      durable.entries.set(seq, { seq, msg, deliveries: 0, inFlight: false, availableAt: now, attempt: 0 });
    }
  }

  #trimStream(now: number): void {
    for (const [seq, { at }] of this.#stream) {
      if (this.#stream.size <= this.#maxMessages && at > now - this.#maxAgeMs) break;
      this.#stream.delete(seq);
    }
  }

  #forgetExpiredIds(now: number): void {
    for (const [id, expiresAt] of this.#seen) {
      if (expiresAt > now) break;
      this.#seen.delete(id);
    }
  }

  /** Hands every deliverable entry to a subscription with a free slot; arms a timer for the next backoff expiry. */
  #pump(durable: Durable): void {
    if (this.#closed) return;
    const now = Date.now();
    let wakeAt = Infinity;
    for (const entry of durable.entries.values()) {
      if (entry.inFlight) continue;
      if (entry.availableAt > now) {
        wakeAt = Math.min(wakeAt, entry.availableAt);
        continue;
      }
      const sub = this.#freeSubscription(durable);
      // No free slot: a finishing handler pumps again.
      if (!sub) break;
      this.#deliver(durable, sub, entry);
    }
    if (wakeAt < durable.timerAt) {
      clearTimeout(durable.timer);
      durable.timerAt = wakeAt;
      durable.timer = setTimeout(() => {
        durable.timer = undefined;
        durable.timerAt = Infinity;
        this.#pump(durable);
      }, wakeAt - now);
      // A pending redelivery alone must not keep the process alive (nor would it on NATS).
      durable.timer.unref();
    }
  }

  #freeSubscription(durable: Durable): MemorySubscription | undefined {
    const n = durable.subs.length;
    for (let i = 0; i < n; i++) {
      const sub = durable.subs[(durable.next + i) % n];
      if (sub && sub.hasCapacity()) {
        durable.next = (durable.next + i + 1) % n;
        return sub;
      }
    }
    return undefined;
  }

  #deliver(durable: Durable, sub: MemorySubscription, entry: Entry): void {
    entry.inFlight = true;
    entry.deliveries += 1;
    const attempt = ++entry.attempt;
    const { maxDeliver, backoffMs, ackWaitMs } = durable.config;
    const current = () => entry.attempt === attempt && entry.inFlight && durable.entries.has(entry.seq);

    const ackTimer = setTimeout(() => {
      if (!current()) return;
      // Not settled in time: release it for redelivery (the handler keeps running, as on NATS).
      entry.inFlight = false;
      entry.attempt += 1;
      if (entry.deliveries >= maxDeliver) {
        this.#deadLetter(durable, entry, `delivery limit of ${maxDeliver} reached: last attempt not settled within ack wait of ${ackWaitMs} ms`);
      } else {
        entry.availableAt = Date.now();
      }
      this.#pump(durable);
    }, ackWaitMs);
    ackTimer.unref();

    // Each delivery gets its own bytes, as each NATS delivery does.
    const delivered: DeliveredMessage = { ...entry.msg, data: new Uint8Array(entry.msg.data), deliveryCount: entry.deliveries };
    sub.run(delivered, (err) => {
      clearTimeout(ackTimer);
      if (err === undefined) {
        // A late ack still settles the message, as JetStream accepts the ack of an earlier delivery.
        durable.entries.delete(entry.seq);
        return;
      }
      if (!current()) return;
      entry.inFlight = false;
      if (entry.deliveries >= maxDeliver) {
        this.#deadLetter(durable, entry, errorText(err));
      } else {
        entry.availableAt = Date.now() + backoffDelay(backoffMs, entry.deliveries);
      }
    });
  }

  #deadLetter(durable: Durable, entry: Entry, error: string): void {
    durable.entries.delete(entry.seq);
    const seq = ++this.#deadSeq;
    this.#deadLetters.set(seq, { ...entry.msg, deliveryCount: entry.deliveries, durable: durable.name, error, seq, deadAt: new Date(), origin: 'consume' });
  }
}

function wants(durable: Durable, type: string, forDurable: string | undefined): boolean {
  return forDurable === undefined ? durable.config.types.some((p) => matchesType(p, type)) : forDurable === durable.name;
}

function copyLetter(letter: DeadLetter): DeadLetter {
  return { ...letter, data: new Uint8Array(letter.data), deadAt: new Date(letter.deadAt) };
}

class MemorySubscription implements Subscription {
  readonly #durable: Durable;
  readonly #handler: (msg: DeliveredMessage) => Promise<void>;
  readonly #concurrency: number;
  readonly #onSettled: () => void;
  readonly #onGone: () => void;
  readonly #inFlight = new Set<Promise<void>>();
  #draining: Promise<void> | undefined;

  constructor(durable: Durable, handler: (msg: DeliveredMessage) => Promise<void>, concurrency: number, onSettled: () => void, onGone: () => void) {
    this.#durable = durable;
    this.#handler = handler;
    this.#concurrency = concurrency;
    this.#onSettled = onSettled;
    this.#onGone = onGone;
  }

  hasCapacity(): boolean {
    return this.#draining === undefined && this.#inFlight.size < this.#concurrency;
  }

  /** Runs the handler on a later tick (never inside `publish`) and reports how it ended. */
  run(msg: DeliveredMessage, settle: (err: unknown) => void): void {
    const p = Promise.resolve()
      .then(() => this.#handler(msg))
      .then(
        () => settle(undefined),
        // A handler that rejects with `undefined` still failed.
        (err: unknown) => settle(err ?? new Error('handler rejected without a reason')),
      )
      .finally(() => {
        this.#inFlight.delete(p);
        this.#onSettled();
      });
    this.#inFlight.add(p);
  }

  async pending(): Promise<number> {
    return this.#durable.entries.size;
  }

  drain(): Promise<void> {
    this.#draining ??= (async () => {
      const i = this.#durable.subs.indexOf(this);
      if (i !== -1) this.#durable.subs.splice(i, 1);
      while (this.#inFlight.size > 0) await Promise.all(this.#inFlight);
      this.#onGone();
    })();
    return this.#draining;
  }
}
