import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { EventBus, Subscription } from '@brokerwise/bus';
import { decodeEvent } from '@brokerwise/proto';
import type { NoticeStreamNotice, NoticeStreamReady, NoticeType } from '@brokerwise/api-contract';

interface Stream {
  userId: string;
  reply: FastifyReply;
  timer: NodeJS.Timeout;
}

export interface NoticeStreamsOptions {
  /** A comment line this often keeps proxies and load balancers from closing an idle stream. */
  heartbeatMs: number;
  /** Open streams per user (tabs, devices); opening one more closes the oldest. */
  maxPerUser?: number;
  /** Tells the browser how long to wait before reconnecting (SSE `retry:`). */
  retryMs?: number;
}

/**
 * The gateway's open notice streams (Server-Sent Events), by user. A `notifications.notice.created`
 * signal from the bus becomes an `event: notice` on that user's streams (every stream for a
 * notice to everyone). Each gateway replica holds its own streams, so each one consumes every
 * signal under its own durable (named after the replica, deleted by the bus once the replica is
 * gone) rather than sharing one durable with the others.
 */
export class NoticeStreams {
  readonly #byUser = new Map<string, Set<Stream>>();
  readonly #heartbeatMs: number;
  readonly #maxPerUser: number;
  readonly #retryMs: number;
  #closing = false;

  constructor(opts: NoticeStreamsOptions) {
    this.#heartbeatMs = opts.heartbeatMs;
    this.#maxPerUser = opts.maxPerUser ?? 8;
    this.#retryMs = opts.retryMs ?? 5_000;
  }

  /** Open streams, all users together. */
  get size(): number {
    let n = 0;
    for (const set of this.#byUser.values()) n += set.size;
    return n;
  }

  /**
   * Takes over the response and keeps it open: `ready` with the unread count now, heartbeats, and
   * a check at each heartbeat that the session still stands (`stillSignedIn`); `bye` ends it.
   */
  open(request: FastifyRequest, reply: FastifyReply, userId: string, ready: NoticeStreamReady, stillSignedIn: () => Promise<boolean>): void {
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      // nginx-style proxies: pass events through as they come.
      'x-accel-buffering': 'no',
      'x-request-id': request.id,
    });
    res.write(`retry: ${this.#retryMs}\n\n${frame('ready', ready)}`);
    const stream: Stream = {
      userId,
      reply,
      timer: setInterval(() => {
        if (!write(stream, ': ping\n\n')) return;
        stillSignedIn().then(
          (ok) => {
            if (!ok) this.#end(stream);
          },
          () => undefined, // identity unreachable for a moment: keep the stream, look again next time
        );
      }, this.#heartbeatMs),
    };
    stream.timer.unref();
    let set = this.#byUser.get(userId);
    if (!set) this.#byUser.set(userId, (set = new Set()));
    set.add(stream);
    if (set.size > this.#maxPerUser) this.#end(set.values().next().value!);
    res.on('close', () => this.#forget(stream));
    if (this.#closing) this.#end(stream);
  }

  /** A new notice for `userId` ('' = everyone): tell the open streams. Returns how many were told. */
  notify(userId: string, type: NoticeType): number {
    const data: NoticeStreamNotice = { type };
    const targets = userId === '' ? [...this.#byUser.values()].flatMap((s) => [...s]) : [...(this.#byUser.get(userId) ?? [])];
    let told = 0;
    for (const stream of targets) if (write(stream, frame('notice', data))) told += 1;
    return told;
  }

  /** Shutdown: every stream gets `bye` and ends, so the server's drain is not held up by them. */
  closeAll(): void {
    this.#closing = true;
    for (const set of [...this.#byUser.values()]) for (const stream of [...set]) this.#end(stream);
  }

  /** Every `notifications.notice.created` signal, on this replica's own durable. */
  subscribe(bus: EventBus, log: FastifyBaseLogger): Promise<Subscription> {
    return bus.subscribe({
      durable: `gateway-notices-${randomBytes(6).toString('hex')}`,
      types: ['notifications.notice.created'],
      inactiveThresholdMs: 60_000,
      // Signals for streams open now; a new replica has no use for earlier ones.
      from: 'new',
      // A signal is only worth something now: never retried for long.
      maxDeliver: 2,
      handler: async (msg) => {
        try {
          const event = decodeEvent(msg.data);
          if (event.type !== 'notifications.notice.created') return;
          const category = event.payload.category === 'system' ? 'system' : 'notices';
          this.notify(event.payload.userId, category);
        } catch (err) {
          log.warn({ err, eventId: msg.id }, 'notice signal not understood');
        }
      },
    });
  }

  #end(stream: Stream): void {
    write(stream, frame('bye', {}));
    this.#forget(stream);
    stream.reply.raw.end();
  }

  #forget(stream: Stream): void {
    clearInterval(stream.timer);
    const set = this.#byUser.get(stream.userId);
    if (!set) return;
    set.delete(stream);
    if (set.size === 0) this.#byUser.delete(stream.userId);
  }
}

const frame = (event: string, data: object) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

function write(stream: Stream, chunk: string): boolean {
  const res = stream.reply.raw;
  if (res.writableEnded || res.destroyed) return false;
  res.write(chunk);
  return true;
}
