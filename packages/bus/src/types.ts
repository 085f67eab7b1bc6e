/**
 * The event-bus port. Two adapters implement it with the same semantics:
 * `MemoryBus` (in-process, embedded mode) and `NatsBus` (NATS JetStream).
 * One conformance suite (test/conformance.ts) runs against both.
 */

/** A message as the bus carries it: an opaque payload plus the event id used for dedupe. */
export interface OutgoingMessage {
  /** Event id (UUID). Publishing the same id twice within the dedupe window stores it once. */
  id: string;
  /** Event type, e.g. `catalogue.company.upserted`; becomes the subject suffix. */
  type: string;
  /** Encoded event (protobuf `Envelope` bytes). */
  data: Uint8Array;
  /** Copied into a header so logs can follow a request across services. */
  correlationId?: string;
  /** W3C trace context (`traceparent`, `tracestate`) of the work that caused the event, as headers. */
  traceContext?: Record<string, string>;
}

export interface DeliveredMessage extends OutgoingMessage {
  /** 1 on first delivery, incremented on each redelivery. */
  deliveryCount: number;
}

export interface SubscribeOptions {
  /** Durable consumer name (one per service + handler group). Survives restarts on NATS. */
  durable: string;
  /** Event types to receive; `*` and `>` wildcards as in NATS subjects (e.g. `catalogue.>`). */
  types: string[];
  /** Deliveries before the message is moved to the dead-letter stream. Default 5. */
  maxDeliver?: number;
  /** Redelivery delays in ms, one per attempt (last one repeats). Default [200, 1000, 5000]. */
  backoffMs?: number[];
  /** Ack timeout: a message not settled within this is redelivered. Default 30000. */
  ackWaitMs?: number;
  /**
   * Handlers this subscription runs at once. Default 1: messages are handled in publish order,
   * except that a failed one is retried after the ones published behind it.
   */
  concurrency?: number;
  /**
   * Delete the durable, and the messages it holds, once it has had no subscription for this long.
   * For per-process consumers (every gateway replica needs every signal, under a durable named
   * after the replica) that must not outlive their process. Default: the durable is kept.
   */
  inactiveThresholdMs?: number;
  /**
   * Where a durable created by this call starts (an existing durable keeps its position):
   * `all` (default) every event still held by the stream, so a consumer that starts after the
   * producers (first deploy, a new read model) misses nothing; `new` only events published from
   * now on, for per-process signal consumers whose history is worthless.
   */
  from?: 'all' | 'new';
  /** Resolve = ack; throw = nak with backoff (or dead-letter after maxDeliver). */
  handler: (msg: DeliveredMessage) => Promise<void>;
}

export interface Subscription {
  /** Stop taking new messages and wait for in-flight handlers to finish. */
  drain(): Promise<void>;
  /**
   * How far behind its durable is: events it has yet to handle, waiting or in flight (JetStream:
   * the consumer's num_pending + num_ack_pending). Readiness reports a read model that lags.
   */
  pending(): Promise<number>;
}

export interface DeadLetter extends DeliveredMessage {
  /** Stable id of the dead letter (JetStream: its sequence in the dead-letter stream), for show/replay/drop. */
  seq: number;
  /** When it was dead-lettered. */
  deadAt: Date;
  /** The durable whose handler gave up on it, or for `origin: 'publish'` the publisher (e.g. `outbox-reviews`). */
  durable: string;
  error: string;
  /**
   * `consume`: a durable's handler failed `maxDeliver` times; a replay redelivers it to that durable only.
   * `publish`: a publisher (outbox relay) could not get the bus to take it; a replay publishes it to everyone.
   */
  origin: 'consume' | 'publish';
}

/** What a publisher that gives up on a message records with it (see `EventBus.deadLetterUnpublished`). */
export interface UnpublishedDeadLetter {
  /** Who gave up, as a durable-style name (letters, digits, _ and -), e.g. `outbox-reviews`. */
  source: string;
  error: string;
  /** How many times publishing was tried. */
  attempts: number;
}

export interface EventBus {
  readonly kind: 'memory' | 'nats';
  publish(msg: OutgoingMessage): Promise<void>;
  subscribe(opts: SubscribeOptions): Promise<Subscription>;
  /** Messages that exhausted their deliveries (read from the dead-letter stream). */
  deadLetters(durable?: string): Promise<DeadLetter[]>;
  /** One dead letter by its `seq`; undefined when there is none (never was, replayed or dropped). */
  deadLetter(seq: number): Promise<DeadLetter | undefined>;
  /**
   * Sends a dead letter back, then removes it from the dead-letter stream: a consumer's goes to the
   * durable it failed in (and no other durable), with its id, headers and a delivery count from 1;
   * a publisher's is published as it was first meant to be. False when there is no such dead letter.
   * Replaying twice is harmless: consumers skip event ids their inbox has seen.
   */
  replayDeadLetter(seq: number): Promise<boolean>;
  /** Removes a dead letter for good. False when there is no such dead letter. */
  dropDeadLetter(seq: number): Promise<boolean>;
  /** Records a message a publisher gave up on (a poison outbox row), so an operator can see and replay it. */
  deadLetterUnpublished(msg: OutgoingMessage, why: UnpublishedDeadLetter): Promise<void>;
  /** Throws when the bus is unreachable (readiness probe). */
  ping(): Promise<void>;
  /** Drains subscriptions, then closes connections. */
  close(): Promise<void>;
}
