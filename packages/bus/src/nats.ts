import { connect, headers, nanos } from '@nats-io/transport-node';
import type { MsgHdrs, NatsConnection } from '@nats-io/transport-node';
import { AckPolicy, DeliverPolicy, JetStreamApiCodes, JetStreamApiError, RetentionPolicy, StorageType, jetstreamManager } from '@nats-io/jetstream';
import type { ConsumerConfig, ConsumerMessages, JetStreamClient, JetStreamManager, JsMsg, StreamUpdateConfig } from '@nats-io/jetstream';
import { BusError, errorText } from './errors.ts';
import { assertEventType, matchesType } from './match.ts';
import { DEDUPE_WINDOW_MS, DURABLE_NAME, backoffDelay, resolveSubscribeOptions } from './options.ts';
import type { ResolvedSubscribeOptions } from './options.ts';
import type { DeadLetter, DeliveredMessage, EventBus, OutgoingMessage, SubscribeOptions, Subscription, UnpublishedDeadLetter } from './types.ts';

export type NatsStorage = 'file' | 'memory';

export interface NatsBusOptions {
  /**
   * Server URL(s), e.g. `nats://127.0.0.1:4222` or a comma-separated list. Credentials go in the
   * URL (`nats://user:password@nats:4222`, or `nats://token@nats:4222`, percent-encoded);
   * `tls://host:4222` requires TLS. See {@link parseNatsServers}.
   */
  servers: string | string[];
  /** Prefix of every stream and subject, so environments and test files can share a server. Default `bw`. */
  namespace?: string;
  /** Client name shown in the server's connection list. */
  name?: string;
  /**
   * Stream replicas; 3 in a production cluster (see docs/adr/003). Unset: a new stream gets 1 and an
   * existing one keeps what it has, so a process that isn't told (a script, a test) never scales
   * the streams of the processes that are. Set: both streams converge on it at connect.
   */
  replicas?: number;
  /** How long the events stream keeps messages for replay and new consumers. Unset: 7 days for a new stream, kept for an existing one. */
  eventsMaxAgeMs?: number;
  /**
   * Where the servers keep the streams. Default `file`. A stream's storage can't change after it
   * was created: a different setting is refused at connect (BUS_INVALID_ARGUMENT) rather than ignored.
   */
  storage?: NatsStorage;
  /** PEM file of the CA that signed the servers' certificates; implies TLS. */
  tlsCaFile?: string;
  /** Require TLS (also implied by a `tls://` URL or `tlsCaFile`). */
  tls?: boolean;
  /** How long publish waits for the stream's ack before rejecting. Default 5000. */
  publishTimeoutMs?: number;
  /** Pause between reconnect attempts (the client retries forever). Default 2000. */
  reconnectTimeWaitMs?: number;
}

// Header names. `Nats-Msg-Id` (set by `msgID`) carries the event id and drives JetStream dedupe.
const H_MSG_ID = 'Nats-Msg-Id';
const H_TYPE = 'Bw-Type';
const H_CORRELATION = 'Bw-Correlation-Id';
const H_EVENT_ID = 'Bw-Event-Id';
const H_DURABLE = 'Bw-Durable';
const H_ERROR = 'Bw-Error';
const H_DELIVERY_COUNT = 'Bw-Delivery-Count';
const TRACE_HEADERS = ['traceparent', 'tracestate'] as const;

function traceHeaders(h: MsgHdrs | undefined): Record<string, string> | undefined {
  const found = TRACE_HEADERS.filter((name) => h?.get(name));
  return found.length > 0 ? Object.fromEntries(found.map((name) => [name, h?.get(name) ?? ''])) : undefined;
}
const H_ORIGIN = 'Bw-Origin';
/** On a replayed dead letter: the one durable that handles it; every other durable acks it unseen. */
const H_REPLAY_FOR = 'Bw-Replay-For';
/** Headers that describe a dead letter, not the message: dropped when it is replayed. */
const DEAD_LETTER_HEADERS = new Set([H_MSG_ID, H_DURABLE, H_ERROR, H_DELIVERY_COUNT, H_ORIGIN, H_REPLAY_FOR].map((h) => h.toLowerCase()));

// JetStream API error codes: stream exists with another config; consumer exists (2.10+ create action).
const STREAM_NAME_IN_USE = 10058;
const STREAM_NOT_FOUND = 10059;
const CONSUMER_ALREADY_EXISTS = 10148;
const CONSUMER_NAME_EXISTS = 10013;
// Deleting a message that isn't there (already replayed or dropped).
const SEQUENCE_NOT_FOUND = 10043;

const NAMESPACE = /^[A-Za-z0-9_-]+$/;
const DEFAULT_EVENTS_MAX_AGE_MS = 7 * 24 * 3600_000;

export interface NatsServers {
  /** `host:port` of each server, credentials removed (safe to log). */
  servers: string[];
  user?: string;
  pass?: string;
  token?: string;
  /** A `tls://` URL: the connection must be encrypted. */
  tls: boolean;
}

/**
 * Splits NATS_URL-style server URLs into what `connect()` takes: `nats://user:password@host:4222`
 * gives user and password, `nats://token@host:4222` a token (percent-decoded, so any character can
 * be written); `tls://` requires TLS. Every URL of a list must carry the same credentials.
 */
export function parseNatsServers(servers: string | readonly string[]): NatsServers {
  const list = (typeof servers === 'string' ? servers.split(',') : servers).map((s) => s.trim()).filter(Boolean);
  if (list.length === 0) throw new BusError('BUS_INVALID_ARGUMENT', 'no NATS server URL given');
  const out: NatsServers = { servers: [], tls: false };
  let auth: string | undefined;
  for (const raw of list) {
    const withScheme = /^[a-z]+:\/\//i.test(raw) ? raw : `nats://${raw}`;
    let u: URL;
    try {
      u = new URL(withScheme);
    } catch {
      throw new BusError('BUS_INVALID_ARGUMENT', `invalid NATS server URL ${JSON.stringify(redact(raw))}`);
    }
    if (u.protocol !== 'nats:' && u.protocol !== 'tls:') {
      throw new BusError('BUS_INVALID_ARGUMENT', `NATS server URL must start with nats:// or tls://, got ${u.protocol}//`);
    }
    if (u.protocol === 'tls:') out.tls = true;
    const user = decodeURIComponent(u.username);
    const pass = decodeURIComponent(u.password);
    const key = JSON.stringify([user, pass]);
    if (auth !== undefined && auth !== key) throw new BusError('BUS_INVALID_ARGUMENT', 'every NATS server URL must carry the same credentials');
    auth = key;
    if (user && u.password !== '') {
      out.user = user;
      out.pass = pass;
    } else if (user) out.token = user;
    out.servers.push(`${u.hostname}:${u.port || '4222'}`);
  }
  return out;
}

/** The URL with its credentials replaced by `***`, for messages and logs. */
function redact(url: string): string {
  return url.replace(/\/\/[^/@]*@/, '//***@');
}

/**
 * The event bus on NATS JetStream. One stream holds every event (`<ns>.evt.<type>`), one holds dead
 * letters (`<ns>.dlq.<durable>`); each `durable` is a durable pull consumer with explicit acks.
 *
 * The delivery limit is enforced here rather than with the consumer's `max_deliver`: when the server
 * stops at its limit it only emits an advisory, so a message whose last attempt timed out or took the
 * process down would vanish. Here it arrives once more and goes to the dead-letter stream unhandled.
 */
export class NatsBus implements EventBus {
  readonly kind = 'nats' as const;
  readonly namespace: string;
  readonly eventsStream: string;
  readonly deadLetterStream: string;
  readonly #nc: NatsConnection;
  readonly #js: JetStreamClient;
  readonly #jsm: JetStreamManager;
  readonly #publishTimeoutMs: number;
  readonly #subs = new Set<NatsSubscription>();
  #connected = true;
  #closed = false;

  private constructor(nc: NatsConnection, jsm: JetStreamManager, namespace: string, publishTimeoutMs: number) {
    this.#nc = nc;
    this.#jsm = jsm;
    this.#js = jsm.jetstream();
    this.namespace = namespace;
    this.eventsStream = `${namespace.toUpperCase()}_EVENTS`;
    this.deadLetterStream = `${namespace.toUpperCase()}_DLQ`;
    this.#publishTimeoutMs = publishTimeoutMs;
    void this.#watchStatus();
  }

  /** Connects and creates or updates both streams. Rejects with BUS_UNAVAILABLE when the server can't be reached. */
  static async connect(options: NatsBusOptions): Promise<NatsBus> {
    const namespace = options.namespace ?? 'bw';
    if (!NAMESPACE.test(namespace)) {
      throw new BusError('BUS_INVALID_ARGUMENT', `invalid namespace ${JSON.stringify(namespace)}: letters, digits, _ and - only`);
    }
    if (options.replicas !== undefined && !(Number.isInteger(options.replicas) && options.replicas >= 1 && options.replicas <= 5)) {
      throw new BusError('BUS_INVALID_ARGUMENT', `invalid stream replicas ${options.replicas}: 1 to 5 (JetStream's limit)`);
    }
    if (options.eventsMaxAgeMs !== undefined && !(Number.isInteger(options.eventsMaxAgeMs) && options.eventsMaxAgeMs > 0)) {
      throw new BusError('BUS_INVALID_ARGUMENT', `invalid events max age ${options.eventsMaxAgeMs} ms: a positive whole number`);
    }
    if (options.storage !== undefined && options.storage !== 'file' && options.storage !== 'memory') {
      throw new BusError('BUS_INVALID_ARGUMENT', `invalid stream storage ${JSON.stringify(options.storage)}: file or memory`);
    }
    const target = parseNatsServers(options.servers);
    const servers = target.servers;
    const tls = target.tls || options.tls === true || options.tlsCaFile !== undefined;
    const publishTimeoutMs = options.publishTimeoutMs ?? 5000;
    let nc: NatsConnection;
    try {
      nc = await connect({
        servers,
        name: options.name,
        ...(target.user !== undefined ? { user: target.user, pass: target.pass } : {}),
        ...(target.token !== undefined ? { token: target.token } : {}),
        ...(tls ? { tls: options.tlsCaFile ? { caFile: options.tlsCaFile } : {} } : {}),
        // Keep trying forever: a broker restart must not need a service restart.
        maxReconnectAttempts: -1,
        reconnectTimeWait: options.reconnectTimeWaitMs ?? 2000,
      });
    } catch (err) {
      const auth = /authoriz|authenticat/i.test(errorText(err));
      const why = auth
        ? `the server refused the credentials${target.user !== undefined || target.token !== undefined ? ' in NATS_URL' : ' (NATS_URL has none: nats://user:password@host:4222)'}`
        : errorText(err);
      throw new BusError('BUS_UNAVAILABLE', `cannot connect to NATS at ${servers.join(',')}: ${why}`, { cause: err });
    }
    try {
      const jsm = await jetstreamManager(nc, { timeout: publishTimeoutMs });
      const bus = new NatsBus(nc, jsm, namespace, publishTimeoutMs);
      await bus.#ensureStreams({ replicas: options.replicas, eventsMaxAgeMs: options.eventsMaxAgeMs, storage: options.storage ?? 'file' });
      return bus;
    } catch (err) {
      await nc.close();
      if (err instanceof BusError) throw err;
      throw new BusError('BUS_UNAVAILABLE', `JetStream is not usable at ${servers.join(',')}: ${errorText(err)}`, { cause: err });
    }
  }

  async publish(msg: OutgoingMessage): Promise<void> {
    if (this.#closed) throw new BusError('BUS_CLOSED', `bus is closed: ${msg.type} ${msg.id} not published`);
    assertEventType(msg.type);
    if (typeof msg.id !== 'string' || msg.id === '') throw new BusError('BUS_INVALID_ARGUMENT', 'message id is required');
    // While reconnecting the client would buffer the publish and time out later; fail now instead
    // so the outbox keeps its row and retries on its next pass.
    if (!this.#connected) throw this.#unavailable(`${msg.type} ${msg.id} not published`);
    const h = this.#messageHeaders(msg);
    try {
      await this.#js.publish(this.#eventSubject(msg.type), msg.data, { msgID: msg.id, headers: h, timeout: this.#publishTimeoutMs });
    } catch (err) {
      throw new BusError('BUS_UNAVAILABLE', `NATS did not store ${msg.type} ${msg.id}: ${errorText(err)}`, { cause: err });
    }
  }

  async subscribe(opts: SubscribeOptions): Promise<Subscription> {
    const resolved = resolveSubscribeOptions(opts);
    if (this.#closed) throw new BusError('BUS_CLOSED', `bus is closed: cannot subscribe ${resolved.durable}`);
    const subjects = resolved.types.map((t) => this.#eventSubject(t));
    // Several filter subjects need nats-server 2.10; older servers get the whole namespace and the
    // subscription acks what it doesn't want.
    let filter: Pick<ConsumerConfig, 'filter_subject' | 'filter_subjects'>;
    let clientFilter: string[] | undefined;
    if (subjects.length === 1) filter = { filter_subject: subjects[0] };
    else if (this.#serverAtLeast(2, 10)) filter = { filter_subjects: subjects };
    else {
      filter = { filter_subject: this.#eventSubject('>') };
      clientFilter = resolved.types;
    }
    const config: Partial<ConsumerConfig> & { durable_name: string } = {
      durable_name: resolved.durable,
      ack_policy: AckPolicy.Explicit,
      // Set at creation only: a new durable reads the stream from its first event (or from now on).
      deliver_policy: resolved.from === 'new' ? DeliverPolicy.New : DeliverPolicy.All,
      ack_wait: nanos(resolved.ackWaitMs),
      // No server-side limit: see the class comment. Nak delays implement backoffMs; the consumer's
      // `backoff` is not used because the server then ignores ack_wait (it becomes backoff[0]).
      max_deliver: -1,
      // The server deletes the durable after this long without a client pulling from it.
      ...(resolved.inactiveThresholdMs !== undefined ? { inactive_threshold: nanos(resolved.inactiveThresholdMs) } : {}),
      ...filter,
    };
    try {
      await this.#addOrUpdateConsumer(config);
      const consumer = await this.#js.consumers.get(this.eventsStream, resolved.durable);
      const sub = new NatsSubscription(this, resolved, clientFilter);
      // Prefetch no more than we can start, so buffered messages don't burn their ack wait.
      sub.messages = await consumer.consume({ max_messages: resolved.concurrency, callback: (m) => sub.receive(m) });
      this.#subs.add(sub);
      if (this.#closed) {
        // close() ran while this was being set up and could not drain it.
        await sub.drain();
        throw new BusError('BUS_CLOSED', `bus closed while subscribing ${resolved.durable}`);
      }
      return sub;
    } catch (err) {
      if (err instanceof BusError) throw err;
      throw new BusError('BUS_UNAVAILABLE', `cannot subscribe durable ${resolved.durable}: ${errorText(err)}`, { cause: err });
    }
  }

  async deadLetters(durable?: string): Promise<DeadLetter[]> {
    if (this.#closed) throw new BusError('BUS_CLOSED', 'bus is closed');
    // A name no durable can have has no dead letters (and must not become a wildcard subject).
    if (durable !== undefined && !DURABLE_NAME.test(durable)) return [];
    const subject = `${this.namespace}.dlq.${durable ?? '>'}`;
    try {
      // An ordered consumer is an ephemeral, unacked read of the stream from its start.
      const consumer = await this.#js.consumers.get(this.deadLetterStream, { filter_subjects: subject, deliver_policy: DeliverPolicy.All });
      let remaining = (await consumer.info(true)).num_pending;
      const out: DeadLetter[] = [];
      while (remaining > 0) {
        const batch = await consumer.fetch({ max_messages: Math.min(remaining, 500), expires: 2000 });
        let got = 0;
        for await (const m of batch) {
          out.push(this.#toDeadLetter({ header: m.headers, data: m.data, subject: m.subject, seq: m.seq, time: m.time }));
          got += 1;
        }
        if (got === 0) break;
        remaining -= got;
      }
      // Ephemeral consumers expire on their own; deleting now just tidies up.
      await consumer.delete().catch(() => false);
      return out;
    } catch (err) {
      throw new BusError('BUS_UNAVAILABLE', `cannot read dead letters from ${this.deadLetterStream}: ${errorText(err)}`, { cause: err });
    }
  }

  async deadLetter(seq: number): Promise<DeadLetter | undefined> {
    const stored = await this.#storedDeadLetter(seq);
    return stored && this.#toDeadLetter(stored);
  }

  async replayDeadLetter(seq: number): Promise<boolean> {
    const stored = await this.#storedDeadLetter(seq);
    if (!stored) return false;
    const letter = this.#toDeadLetter(stored);
    // Every header the message had (correlation id, trace context…) goes back with it.
    const h = headers();
    for (const [key, values] of stored.header ?? []) {
      if (DEAD_LETTER_HEADERS.has(key.toLowerCase())) continue;
      for (const v of values) h.append(key, v);
    }
    h.set(H_TYPE, letter.type);
    h.set(H_EVENT_ID, letter.id);
    // A consumer's dead letter goes back on its event subject under a fresh message id (the
    // original is inside the dedupe window or long gone), marked for its durable only.
    // A publisher's is published as it was meant to be, under its event id.
    let msgID = letter.id;
    if (letter.origin === 'consume') {
      h.set(H_REPLAY_FOR, letter.durable);
      msgID = `replay:${letter.durable}:${letter.id}:${seq}`;
    }
    try {
      await this.#js.publish(this.#eventSubject(letter.type), stored.data, { msgID, headers: h, timeout: this.#publishTimeoutMs });
    } catch (err) {
      throw new BusError('BUS_UNAVAILABLE', `NATS did not store the replay of dead letter ${seq}: ${errorText(err)}`, { cause: err });
    }
    // Replayed but not removed (crash here): a second replay within the dedupe window stores nothing
    // new, a later one is skipped by the durable's inbox.
    await this.dropDeadLetter(seq);
    return true;
  }

  async dropDeadLetter(seq: number): Promise<boolean> {
    if (this.#closed) throw new BusError('BUS_CLOSED', 'bus is closed');
    // The server's answer for a sequence that is gone depends on where it was in the stream: look first.
    if (!(await this.#storedDeadLetter(seq))) return false;
    try {
      return await this.#jsm.streams.deleteMessage(this.deadLetterStream, seq, false);
    } catch (err) {
      if (err instanceof JetStreamApiError && (err.code === JetStreamApiCodes.NoMessageFound || err.code === SEQUENCE_NOT_FOUND)) return false;
      throw new BusError('BUS_UNAVAILABLE', `cannot delete dead letter ${seq} from ${this.deadLetterStream}: ${errorText(err)}`, { cause: err });
    }
  }

  async deadLetterUnpublished(msg: OutgoingMessage, why: UnpublishedDeadLetter): Promise<void> {
    if (this.#closed) throw new BusError('BUS_CLOSED', `bus is closed: ${msg.type} ${msg.id} not dead-lettered`);
    if (!DURABLE_NAME.test(why.source)) throw new BusError('BUS_INVALID_ARGUMENT', `invalid dead-letter source ${JSON.stringify(why.source)}`);
    const h = this.#messageHeaders(msg);
    h.set(H_EVENT_ID, msg.id);
    h.set(H_DURABLE, why.source);
    h.set(H_DELIVERY_COUNT, String(why.attempts));
    h.set(H_ERROR, headerValue(why.error));
    h.set(H_ORIGIN, 'publish');
    try {
      await this.#js.publish(`${this.namespace}.dlq.${why.source}`, msg.data, { msgID: `${why.source}:${msg.id}`, headers: h, timeout: this.#publishTimeoutMs });
    } catch (err) {
      throw new BusError('BUS_UNAVAILABLE', `NATS did not store the dead letter of ${msg.type} ${msg.id}: ${errorText(err)}`, { cause: err });
    }
  }

  async ping(): Promise<void> {
    if (this.#closed) throw new BusError('BUS_CLOSED', 'bus is closed');
    if (!this.#connected) throw this.#unavailable('ping failed');
    try {
      // A JetStream API round trip: proves both the connection and JetStream answer.
      await this.#jsm.getAccountInfo();
    } catch (err) {
      throw new BusError('BUS_UNAVAILABLE', `NATS JetStream did not answer: ${errorText(err)}`, { cause: err });
    }
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    // Handlers still ack (and dead-letter) over the connection, so it closes last.
    await Promise.all([...this.#subs].map((s) => s.drain()));
    if (!this.#nc.isClosed()) await this.#nc.drain();
  }

  /**
   * Closes, then deletes this namespace's two streams with every message and durable in them: for
   * tests and throwaway environments that made a namespace of their own. Other buses on the same
   * namespace lose their streams too.
   */
  async destroy(): Promise<void> {
    if (this.#closed) return;
    await Promise.all([...this.#subs].map((s) => s.drain()));
    for (const stream of [this.eventsStream, this.deadLetterStream]) {
      await this.#jsm.streams.delete(stream).catch((err: unknown) => {
        if (!(err instanceof JetStreamApiError && err.code === STREAM_NOT_FOUND)) throw err;
      });
    }
    await this.close();
  }

  // ---- used by NatsSubscription ----

  /** Events the durable has yet to handle: not delivered yet plus delivered and not acked. */
  async consumerPending(durable: string): Promise<number> {
    const info = await this.#jsm.consumers.info(this.eventsStream, durable);
    return info.num_pending + info.num_ack_pending;
  }

  /** The event type of a message on `<ns>.evt.<type>`. */
  typeOf(m: JsMsg): string {
    return m.subject.slice(this.namespace.length + '.evt.'.length);
  }

  forget(sub: NatsSubscription): void {
    this.#subs.delete(sub);
  }

  /**
   * Stores a copy, with every header of the message, in the dead-letter stream. Dedupe by durable +
   * event id + stream sequence makes a retried copy harmless, while a replay that fails again (a new
   * stream sequence) is dead-lettered again however soon.
   */
  async moveToDeadLetters(m: JsMsg, durable: string, deliveryCount: number, error: string): Promise<void> {
    const type = this.typeOf(m);
    const id = eventIdOf(m);
    const h = headers();
    for (const [key, values] of m.headers ?? []) {
      if (DEAD_LETTER_HEADERS.has(key.toLowerCase())) continue;
      for (const v of values) h.append(key, v);
    }
    h.set(H_TYPE, type);
    h.set(H_EVENT_ID, id);
    h.set(H_DURABLE, durable);
    h.set(H_DELIVERY_COUNT, String(deliveryCount));
    h.set(H_ERROR, headerValue(error));
    h.set(H_ORIGIN, 'consume');
    await this.#js.publish(`${this.namespace}.dlq.${durable}`, m.data, {
      msgID: `${durable}:${id}:${m.seq}`,
      headers: h,
      timeout: this.#publishTimeoutMs,
    });
  }

  // ---- internals ----

  #eventSubject(type: string): string {
    return `${this.namespace}.evt.${type}`;
  }

  /** The headers a published message carries. */
  #messageHeaders(msg: OutgoingMessage): MsgHdrs {
    const h = headers();
    h.set(H_TYPE, msg.type);
    if (msg.correlationId) h.set(H_CORRELATION, headerValue(msg.correlationId));
    // W3C trace context under its standard names, so any traced NATS client can read it.
    for (const name of TRACE_HEADERS) {
      const value = msg.traceContext?.[name];
      if (value) h.set(name, headerValue(value));
    }
    return h;
  }

  async #storedDeadLetter(seq: number): Promise<StoredDeadLetter | undefined> {
    if (this.#closed) throw new BusError('BUS_CLOSED', 'bus is closed');
    if (!Number.isSafeInteger(seq) || seq < 1) return undefined;
    try {
      const m = await this.#jsm.streams.getMessage(this.deadLetterStream, { seq });
      return m ?? undefined;
    } catch (err) {
      throw new BusError('BUS_UNAVAILABLE', `cannot read dead letter ${seq} from ${this.deadLetterStream}: ${errorText(err)}`, { cause: err });
    }
  }

  #unavailable(what: string): BusError {
    return new BusError('BUS_UNAVAILABLE', `NATS connection lost (reconnecting): ${what}`);
  }

  #serverAtLeast(major: number, minor: number): boolean {
    const [a = 0, b = 0] = (this.#nc.info?.version ?? '0.0.0').split('.').map((n) => Number.parseInt(n, 10));
    return a > major || (a === major && b >= minor);
  }

  async #watchStatus(): Promise<void> {
    void this.#nc.closed().then(() => {
      this.#connected = false;
    });
    try {
      for await (const s of this.#nc.status()) {
        if (s.type === 'disconnect') this.#connected = false;
        else if (s.type === 'reconnect') this.#connected = true;
      }
    } catch {
      // The iterator only ends with the connection, which closed() above already records.
    }
  }

  async #ensureStreams(opts: { replicas: number | undefined; eventsMaxAgeMs: number | undefined; storage: NatsStorage }): Promise<void> {
    const storage = opts.storage === 'memory' ? StorageType.Memory : StorageType.File;
    // Always converged: the dedupe window is what makes a retried publish harmless.
    const common = { duplicate_window: nanos(DEDUPE_WINDOW_MS) };
    const replicas = opts.replicas !== undefined ? { num_replicas: opts.replicas } : {};
    const maxAge = opts.eventsMaxAgeMs !== undefined ? { max_age: nanos(opts.eventsMaxAgeMs) } : {};
    await this.#addOrUpdateStream(
      this.eventsStream,
      storage,
      { ...common, ...replicas, ...maxAge, subjects: [this.#eventSubject('>')] },
      { num_replicas: 1, max_age: nanos(DEFAULT_EVENTS_MAX_AGE_MS) },
    );
    // Dead letters stay until an operator replays or purges them.
    await this.#addOrUpdateStream(this.deadLetterStream, storage, { ...common, ...replicas, subjects: [`${this.namespace}.dlq.>`], max_age: 0 }, { num_replicas: 1 });
  }

  /** Creates the stream (unset settings from `defaults`) or converges an existing one on the settings given. */
  async #addOrUpdateStream(name: string, storage: StorageType, config: Partial<StreamUpdateConfig>, defaults: Partial<StreamUpdateConfig>): Promise<void> {
    try {
      await this.#jsm.streams.add({ ...defaults, ...config, name, storage, retention: RetentionPolicy.Limits });
    } catch (err) {
      // Exists with other settings (another service version created it): converge on ours.
      if (!(err instanceof JetStreamApiError && err.code === STREAM_NAME_IN_USE)) throw err;
      const existing = (await this.#jsm.streams.info(name)).config;
      if (existing.storage !== storage) {
        throw new BusError(
          'BUS_INVALID_ARGUMENT',
          `stream ${name} keeps its messages in ${existing.storage} storage, the setting asks for ${storage}: JetStream can't change a stream's storage; ` +
            `set NATS_STORAGE=${existing.storage}, or move the stream (back up, delete, restart the services: k8s/README.md, NATS)`,
        );
      }
      await this.#jsm.streams.update(name, config);
    }
  }

  async #addOrUpdateConsumer(config: Partial<ConsumerConfig> & { durable_name: string }): Promise<void> {
    try {
      // 2.9 updates an existing durable in place; 2.10+ refuses a different config on create.
      await this.#jsm.consumers.add(this.eventsStream, config);
    } catch (err) {
      const code = err instanceof JetStreamApiError ? err.code : 0;
      if (code !== CONSUMER_ALREADY_EXISTS && code !== CONSUMER_NAME_EXISTS) throw err;
      const { durable_name, ack_wait, max_deliver, filter_subject, filter_subjects, inactive_threshold } = config;
      await this.#jsm.consumers.update(this.eventsStream, durable_name, { ack_wait, max_deliver, filter_subject, filter_subjects, ...(inactive_threshold !== undefined ? { inactive_threshold } : {}) });
    }
  }

  #toDeadLetter(m: StoredDeadLetter): DeadLetter {
    const h = m.header;
    const letter: DeadLetter = {
      id: h?.get(H_EVENT_ID) ?? '',
      type: h?.get(H_TYPE) ?? '',
      data: m.data,
      deliveryCount: Number(h?.get(H_DELIVERY_COUNT) || 0),
      durable: h?.get(H_DURABLE) || m.subject.slice(`${this.namespace}.dlq.`.length),
      error: h?.get(H_ERROR) ?? '',
      seq: m.seq,
      deadAt: m.time,
      origin: h?.get(H_ORIGIN) === 'publish' ? 'publish' : 'consume',
    };
    const correlationId = h?.get(H_CORRELATION);
    if (correlationId) letter.correlationId = correlationId;
    const traceContext = traceHeaders(h);
    if (traceContext) letter.traceContext = traceContext;
    return letter;
  }
}

/** What a dead letter is read from: a stored message (direct get) or a delivered one (listing). */
interface StoredDeadLetter {
  header: MsgHdrs | undefined;
  data: Uint8Array;
  subject: string;
  seq: number;
  time: Date;
}

/** The event id: a replayed message carries it in a header, its own message id being the replay's. */
function eventIdOf(m: JsMsg): string {
  return m.headers?.get(H_EVENT_ID) || m.headers?.get(H_MSG_ID) || `${m.info.stream}:${m.seq}`;
}

/** One `subscribe()` call: a local queue in front of `concurrency` handler slots. */
class NatsSubscription implements Subscription {
  messages: ConsumerMessages | undefined;
  readonly #bus: NatsBus;
  readonly #opts: ResolvedSubscribeOptions;
  readonly #clientFilter: string[] | undefined;
  readonly #queue: JsMsg[] = [];
  readonly #inFlight = new Set<Promise<void>>();
  #draining: Promise<void> | undefined;

  constructor(bus: NatsBus, opts: ResolvedSubscribeOptions, clientFilter: string[] | undefined) {
    this.#bus = bus;
    this.#opts = opts;
    this.#clientFilter = clientFilter;
  }

  receive(m: JsMsg): void {
    // Arrived after drain began: hand it straight back for another subscriber.
    if (this.#draining) {
      m.nak();
      return;
    }
    this.#queue.push(m);
    this.#startNext();
  }

  pending(): Promise<number> {
    return this.#bus.consumerPending(this.#opts.durable);
  }

  drain(): Promise<void> {
    this.#draining ??= (async () => {
      await this.messages?.close();
      // Prefetched but not started: nak now rather than leave them to time out.
      for (const m of this.#queue.splice(0)) m.nak();
      while (this.#inFlight.size > 0) await Promise.all(this.#inFlight);
      this.#bus.forget(this);
    })();
    return this.#draining;
  }

  #startNext(): void {
    while (!this.#draining && this.#inFlight.size < this.#opts.concurrency) {
      const m = this.#queue.shift();
      if (!m) return;
      const p = this.#handle(m).finally(() => {
        this.#inFlight.delete(p);
        this.#startNext();
      });
      this.#inFlight.add(p);
    }
  }

  async #handle(m: JsMsg): Promise<void> {
    const { maxDeliver, backoffMs, handler } = this.#opts;
    const type = this.#bus.typeOf(m);
    if (this.#clientFilter && !this.#clientFilter.some((p) => matchesType(p, type))) {
      m.ack();
      return;
    }
    // A dead letter replayed for another durable: this one handled (or dead-lettered) it already.
    const replayFor = m.headers?.get(H_REPLAY_FOR);
    if (replayFor && replayFor !== this.#opts.durable) {
      m.ack();
      return;
    }
    const deliveryCount = m.info.deliveryCount;
    if (deliveryCount > maxDeliver) {
      // The previous attempt was the last one and never settled (timed out, or its process died).
      await this.#deadLetter(m, deliveryCount - 1, `delivery limit of ${maxDeliver} reached: last attempt not settled (ack wait exceeded or consumer stopped)`);
      return;
    }
    const msg: DeliveredMessage = {
      id: eventIdOf(m),
      type,
      data: m.data,
      deliveryCount,
    };
    const correlationId = m.headers?.get(H_CORRELATION);
    if (correlationId) msg.correlationId = correlationId;
    const traceContext = traceHeaders(m.headers);
    if (traceContext) msg.traceContext = traceContext;
    let failure: unknown;
    try {
      await handler(msg);
      m.ack();
      return;
    } catch (err) {
      failure = err ?? new Error('handler rejected without a reason');
    }
    if (deliveryCount >= maxDeliver) await this.#deadLetter(m, deliveryCount, errorText(failure));
    else m.nak(backoffDelay(backoffMs, deliveryCount));
  }

  async #deadLetter(m: JsMsg, deliveryCount: number, error: string): Promise<void> {
    try {
      await this.#bus.moveToDeadLetters(m, this.#opts.durable, deliveryCount, error);
      m.term();
    } catch {
      // Dead-letter stream unreachable: keep the message; its next delivery is over the limit and retries this.
      m.nak(backoffDelay(this.#opts.backoffMs, Number.MAX_SAFE_INTEGER));
    }
  }
}

/** Header values can't hold line breaks; very long ones are cut so the message stays small. */
function headerValue(s: string): string {
  const flat = s.replace(/[\r\n]+/g, ' ');
  return flat.length > 2000 ? `${flat.slice(0, 2000)}…` : flat;
}

