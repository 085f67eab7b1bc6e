// One behavioural contract for every EventBus adapter (memory and NATS). Each test uses its own
// type prefix and durable names, so tests sharing a NATS namespace cannot see each other's messages.
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { uniqueName } from '@brokerwise/testing';
import type { DeliveredMessage, EventBus, OutgoingMessage, SubscribeOptions } from '../src/index.ts';

const enc = (s: string) => new TextEncoder().encode(s);
const dec = (b: Uint8Array) => new TextDecoder().decode(b);
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

async function waitFor(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  await vi.waitFor(
    async () => {
      if (!(await check())) throw new Error(`timed out waiting for ${what}`);
    },
    { timeout: timeoutMs, interval: 10 },
  );
}

/** A promise with its resolver, for handlers that must block until the test lets them go. */
function gate(): { promise: Promise<void>; open: () => void } {
  let open!: () => void;
  const promise = new Promise<void>((r) => (open = r));
  return { promise, open };
}

// Small delays so the suite runs in seconds on both adapters.
const FAST = { backoffMs: [50, 100], ackWaitMs: 5_000 } satisfies Partial<SubscribeOptions>;
// Longer than any FAST backoff: a redelivery that was going to happen has happened by then.
const QUIET_MS = 400;
const TRACE = { traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01', tracestate: 'bw=1' };

/** Two new durables on `type`, each recording the ids it is given. */
async function twoDurables(b: EventBus, type: string, durable: () => string): Promise<Map<string, string[]>> {
  const seen = new Map<string, string[]>();
  for (const d of [durable(), durable()]) {
    seen.set(d, []);
    await b.subscribe({ ...FAST, durable: d, types: [type], handler: async (m) => void seen.get(d)!.push(m.id) });
  }
  return seen;
}

/** Subscribes `durable` to `type` with a handler that records each delivery count, then runs `fail` (which may throw). */
async function failingDurable(b: EventBus, type: string, durable: string, fail: (deliveryCount: number) => void, options: Partial<SubscribeOptions> = {}): Promise<number[]> {
  const counts: number[] = [];
  await b.subscribe({
    ...FAST,
    ...options,
    durable,
    types: [type],
    handler: async (m) => {
      counts.push(m.deliveryCount);
      fail(m.deliveryCount);
    },
  });
  return counts;
}

export function describeBusConformance(name: string, make: () => Promise<EventBus>): void {
  describe(`EventBus conformance: ${name}`, () => {
    const buses: EventBus[] = [];
    const gates: Array<() => void> = [];

    async function bus(): Promise<EventBus> {
      const b = await make();
      buses.push(b);
      return b;
    }

    /** A fresh type prefix and a message factory under it. */
    function scope() {
      const prefix = uniqueName('t');
      const message = (suffix: string, body = suffix, extra: Partial<OutgoingMessage> = {}): OutgoingMessage => ({
        id: randomUUID(),
        type: `${prefix}.${suffix}`,
        data: enc(body),
        ...extra,
      });
      return { prefix, message, durable: () => uniqueName('d') };
    }

    afterEach(async () => {
      // Release blocked handlers first: close() waits for them.
      for (const open of gates.splice(0)) open();
      await Promise.all(buses.splice(0).map((b) => b.close()));
    });

    it('delivers a published message with its id, type, data, correlation id and trace context', async () => {
      const b = await bus();
      const { message, durable } = scope();
      const got: DeliveredMessage[] = [];
      await b.subscribe({ ...FAST, durable: durable(), types: [message('x').type], handler: async (m) => void got.push(m) });
      const sent = message('x', 'hello 你好', { correlationId: 'req-42', traceContext: TRACE });
      await b.publish(sent);
      await waitFor('delivery', () => got.length === 1);
      const [m] = got;
      expect(m).toMatchObject({ id: sent.id, type: sent.type, correlationId: 'req-42', traceContext: TRACE, deliveryCount: 1 });
      expect(dec(m!.data)).toBe('hello 你好');
    });

    it('counts what a durable has yet to handle (pending), in flight included, down to 0', async () => {
      const b = await bus();
      const { message, durable } = scope();
      let open!: () => void;
      const gate = new Promise<void>((resolve) => (open = resolve));
      gates.push(open);
      const handled: string[] = [];
      const sub = await b.subscribe({ ...FAST, concurrency: 1, durable: durable(), types: [message('x').type], handler: async (m) => {
        await gate;
        handled.push(m.id);
      } });
      for (let i = 0; i < 4; i++) await b.publish(message('x', String(i)));
      await waitFor('4 pending', async () => (await sub.pending()) === 4);
      open();
      await waitFor('all handled', () => handled.length === 4);
      await waitFor('0 pending', async () => (await sub.pending()) === 0);
    });

    it('filters by type with * and > wildcards, across several patterns', async () => {
      const b = await bus();
      const { prefix, message, durable } = scope();
      const types: string[] = [];
      await b.subscribe({ ...FAST, durable: durable(), types: [`${prefix}.a.*`, `${prefix}.b.>`], handler: async (m) => void types.push(m.type) });
      for (const suffix of ['a.x', 'a.x.y', 'b', 'b.x.y', 'c.x', 'a.end']) await b.publish(message(suffix));
      // Delivery is in publish order, so anything unwanted would have arrived before the last match.
      await waitFor('the last matching message', () => types.includes(`${prefix}.a.end`));
      expect(types).toEqual([`${prefix}.a.x`, `${prefix}.b.x.y`, `${prefix}.a.end`]);
    });

    it('stores a message published twice with the same id once', async () => {
      const b = await bus();
      const { message, durable } = scope();
      const got: DeliveredMessage[] = [];
      await b.subscribe({ ...FAST, durable: durable(), types: [message('x').type], handler: async (m) => void got.push(m) });
      const first = message('x', 'first');
      await b.publish(first);
      await b.publish({ ...first, data: enc('retry') });
      const sentinel = message('x', 'sentinel');
      await b.publish(sentinel);
      await waitFor('the sentinel', () => got.some((m) => m.id === sentinel.id));
      expect(got.map((m) => dec(m.data))).toEqual(['first', 'sentinel']);
    });

    it('gives each message to one of the subscriptions sharing a durable', async () => {
      const b = await bus();
      const { message, durable } = scope();
      const d = durable();
      const type = message('x').type;
      const seen: string[] = [];
      for (let i = 0; i < 2; i++) {
        await b.subscribe({ ...FAST, durable: d, types: [type], handler: async (m) => void seen.push(m.id) });
      }
      const sent = Array.from({ length: 20 }, (_, i) => message('x', String(i)));
      for (const m of sent) await b.publish(m);
      await waitFor('all 20 messages', () => seen.length >= 20);
      await sleep(QUIET_MS);
      expect(seen).toHaveLength(20);
      expect(new Set(seen)).toEqual(new Set(sent.map((m) => m.id)));
    });

    it('gives every message to each durable', async () => {
      const b = await bus();
      const { message, durable } = scope();
      const byDurable = await twoDurables(b, message('x').type, durable);
      const sent = message('x');
      await b.publish(sent);
      await waitFor('both durables', () => [...byDurable.values()].every((ids) => ids.length === 1));
      for (const ids of byDurable.values()) expect(ids).toEqual([sent.id]);
    });

    it('redelivers a message whose handler threw, with the delivery count incremented', async () => {
      const b = await bus();
      const { message, durable } = scope();
      const d = durable();
      const counts = await failingDurable(b, message('x').type, d, (n) => {
        if (n === 1) throw new Error('transient');
      });
      await b.publish(message('x'));
      await waitFor('the redelivery', () => counts.length === 2);
      await sleep(QUIET_MS);
      expect(counts).toEqual([1, 2]);
      expect(await b.deadLetters(d)).toEqual([]);
    });

    it('dead-letters a message after maxDeliver failures and stops delivering it', async () => {
      const b = await bus();
      const { message, durable } = scope();
      const d = durable();
      const counts = await failingDurable(
        b,
        message('x').type,
        d,
        (n) => {
          throw new Error(`boom on delivery ${n}`);
        },
        { maxDeliver: 3 },
      );
      const sent = message('x', 'poison', { correlationId: 'req-7', traceContext: TRACE });
      await b.publish(sent);
      await waitFor('the dead letter', async () => (await b.deadLetters(d)).length === 1);
      await sleep(QUIET_MS);
      expect(counts).toEqual([1, 2, 3]);
      const [letter] = await b.deadLetters(d);
      expect(letter).toMatchObject({ id: sent.id, type: sent.type, correlationId: 'req-7', traceContext: TRACE, durable: d, deliveryCount: 3 });
      expect(letter!.error).toContain('boom on delivery 3');
      expect(dec(letter!.data)).toBe('poison');
      expect((await b.deadLetters()).filter((l) => l.id === sent.id)).toHaveLength(1);
      expect(await b.deadLetters(durable())).toEqual([]);
      // Not a durable name, so not a wildcard either.
      expect(await b.deadLetters('>')).toEqual([]);
    });

    it('numbers dead letters, shows one by seq, and drops it', async () => {
      const b = await bus();
      const { message, durable } = scope();
      const d = durable();
      await b.subscribe({ ...FAST, maxDeliver: 1, durable: d, types: [message('x').type], handler: async () => {
        throw new Error('always');
      } });
      const first = message('x', 'first');
      const second = message('x', 'second');
      const before = Date.now();
      await b.publish(first);
      await b.publish(second);
      await waitFor('two dead letters', async () => (await b.deadLetters(d)).length === 2);
      const letters = await b.deadLetters(d);
      expect(letters.map((l) => l.id)).toEqual([first.id, second.id]);
      const [a, c] = letters;
      expect(c!.seq).toBeGreaterThan(a!.seq);
      expect(a!.origin).toBe('consume');
      expect(a!.deadAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
      const shown = await b.deadLetter(a!.seq);
      expect(shown).toMatchObject({ id: first.id, type: first.type, durable: d, seq: a!.seq, error: 'Error: always' });
      expect(dec(shown!.data)).toBe('first');
      expect(await b.deadLetter(c!.seq + 1_000_000)).toBeUndefined();

      expect(await b.dropDeadLetter(a!.seq)).toBe(true);
      expect(await b.dropDeadLetter(a!.seq)).toBe(false);
      expect(await b.deadLetter(a!.seq)).toBeUndefined();
      expect((await b.deadLetters(d)).map((l) => l.id)).toEqual([second.id]);
      // The last one too (JetStream answers differently for the stream's last sequence).
      expect(await b.dropDeadLetter(c!.seq)).toBe(true);
      expect(await b.dropDeadLetter(c!.seq)).toBe(false);
      expect(await b.deadLetters(d)).toEqual([]);
    });

    it('replays a dead letter to the durable it failed in only, once, and removes it from the dead letters', async () => {
      const b = await bus();
      const { message, durable } = scope();
      const failing = durable();
      const healthy = durable();
      const type = message('x').type;
      let broken = true;
      const got: DeliveredMessage[] = [];
      const other: string[] = [];
      await b.subscribe({ ...FAST, maxDeliver: 2, durable: failing, types: [type], handler: async (m) => {
        if (broken) throw new Error('handler bug');
        got.push(m);
      } });
      await b.subscribe({ ...FAST, durable: healthy, types: [type], handler: async (m) => void other.push(dec(m.data)) });
      const poison = message('x', 'poison', { correlationId: 'req-replay', traceContext: TRACE });
      await b.publish(poison);
      await waitFor('the dead letter', async () => (await b.deadLetters(failing)).length === 1);
      const [letter] = await b.deadLetters(failing);
      // Later messages are handled while the poison one waits in the dead letters.
      broken = false;
      await b.publish(message('x', 'later'));
      await waitFor('the later message', () => got.length === 1);

      expect(await b.replayDeadLetter(letter!.seq)).toBe(true);
      await waitFor('the replayed message', () => got.length === 2);
      expect(got[1]).toMatchObject({ id: poison.id, type: poison.type, correlationId: 'req-replay', traceContext: TRACE, deliveryCount: 1 });
      expect(dec(got[1]!.data)).toBe('poison');
      expect(await b.deadLetters(failing)).toEqual([]);
      expect(await b.replayDeadLetter(letter!.seq)).toBe(false);

      // The other durable handled the original and never sees the replay.
      const sentinel = message('x', 'sentinel');
      await b.publish(sentinel);
      await waitFor('the sentinel', () => other.includes('sentinel'));
      await sleep(QUIET_MS);
      expect(other).toEqual(['poison', 'later', 'sentinel']);
      expect(got.map((m) => dec(m.data))).toEqual(['later', 'poison', 'sentinel']);
    });

    it('dead-letters a replayed message again when it still fails', async () => {
      const b = await bus();
      const { message, durable } = scope();
      const d = durable();
      let calls = 0;
      await b.subscribe({ ...FAST, maxDeliver: 1, durable: d, types: [message('x').type], handler: async () => {
        calls += 1;
        throw new Error(`still broken ${calls}`);
      } });
      const sent = message('x');
      await b.publish(sent);
      await waitFor('the dead letter', async () => (await b.deadLetters(d)).length === 1);
      const [first] = await b.deadLetters(d);
      expect(await b.replayDeadLetter(first!.seq)).toBe(true);
      await waitFor('a new dead letter', async () => (await b.deadLetters(d)).some((l) => l.seq !== first!.seq));
      const letters = await b.deadLetters(d);
      expect(letters).toHaveLength(1);
      expect(letters[0]).toMatchObject({ id: sent.id, error: 'Error: still broken 2' });
      expect(calls).toBe(2);
    });

    it('keeps a message a publisher gave up on as a dead letter, and replay publishes it to every durable', async () => {
      const b = await bus();
      const { message, durable } = scope();
      const type = message('x').type;
      const seen = await twoDurables(b, type, durable);
      const source = durable();
      const stuck = message('x', 'stuck', { correlationId: 'req-outbox' });
      await b.deadLetterUnpublished(stuck, { source, error: 'payload refused', attempts: 10 });
      const [letter] = await b.deadLetters(source);
      expect(letter).toMatchObject({ id: stuck.id, type, durable: source, error: 'payload refused', deliveryCount: 10, origin: 'publish', correlationId: 'req-outbox' });
      expect(dec(letter!.data)).toBe('stuck');
      await sleep(QUIET_MS);
      expect([...seen.values()].flat()).toEqual([]);
      expect(await b.replayDeadLetter(letter!.seq)).toBe(true);
      await waitFor('both durables', () => [...seen.values()].every((ids) => ids.length === 1));
      for (const ids of seen.values()) expect(ids).toEqual([stuck.id]);
      expect(await b.deadLetters(source)).toEqual([]);
      await expect(b.deadLetterUnpublished(stuck, { source: 'has.dot', error: 'x', attempts: 1 })).rejects.toMatchObject({ code: 'BUS_INVALID_ARGUMENT' });
    });

    it('redelivers a message not settled within ackWaitMs', async () => {
      const b = await bus();
      const { message, durable } = scope();
      const counts: number[] = [];
      const second = gate();
      gates.push(second.open);
      await b.subscribe({
        ...FAST,
        ackWaitMs: 300,
        concurrency: 2,
        durable: durable(),
        types: [message('x').type],
        handler: async (m) => {
          counts.push(m.deliveryCount);
          // The first attempt hangs until the redelivery shows up.
          if (m.deliveryCount === 1) await second.promise;
          else second.open();
        },
      });
      await b.publish(message('x'));
      await waitFor('the redelivery after ack wait', () => counts.includes(2));
      expect(counts.slice(0, 2)).toEqual([1, 2]);
    });

    it('dead-letters a message whose last attempt exceeded ackWaitMs', async () => {
      const b = await bus();
      const { message, durable } = scope();
      const d = durable();
      const hang = gate();
      gates.push(hang.open);
      let calls = 0;
      await b.subscribe({
        ...FAST,
        ackWaitMs: 300,
        maxDeliver: 2,
        concurrency: 3,
        durable: d,
        types: [message('x').type],
        handler: async () => {
          calls += 1;
          await hang.promise;
        },
      });
      const sent = message('x');
      await b.publish(sent);
      await waitFor('the dead letter', async () => (await b.deadLetters(d)).length === 1);
      const [letter] = await b.deadLetters(d);
      expect(letter).toMatchObject({ id: sent.id, durable: d, deliveryCount: 2 });
      expect(letter!.error).toMatch(/ack wait/);
      expect(calls).toBe(2);
    });

    it('keeps messages for a durable while it has no subscription; a `from: new` durable gets none from before it existed', async () => {
      const b = await bus();
      const { message, durable } = scope();
      const d = durable();
      const type = message('x').type;
      const got: string[] = [];
      const subscribe = () => b.subscribe({ ...FAST, durable: d, types: [type], from: 'new', handler: async (m) => void got.push(dec(m.data)) });

      await b.publish(message('x', 'before the durable'));
      const first = await subscribe();
      await b.publish(message('x', 'one'));
      await waitFor('"one"', () => got.length === 1);
      await first.drain();
      await b.publish(message('x', 'two'));
      await b.publish(message('x', 'three'));
      await subscribe();
      await waitFor('"three"', () => got.includes('three'));
      await sleep(QUIET_MS);
      expect(got).toEqual(['one', 'two', 'three']);
    });

    it('gives a durable created after the events every one of them, in publish order, then the new ones', async () => {
      const b = await bus();
      const { prefix, message, durable } = scope();
      const sent = Array.from({ length: 30 }, (_, i) => message(i % 3 === 0 ? 'other' : 'x', String(i)));
      for (const m of sent) await b.publish(m);
      const got: string[] = [];
      // The durable is created only now, as by a service deployed after the producers.
      await b.subscribe({ ...FAST, durable: durable(), types: [`${prefix}.x`], handler: async (m) => void got.push(dec(m.data)) });
      const after = message('x', 'after');
      await b.publish(after);
      await waitFor('the event published after subscribing', () => got.includes('after'));
      await sleep(QUIET_MS);
      expect(got).toEqual([...sent.filter((m) => m.type === `${prefix}.x`).map((m) => dec(m.data)), 'after']);
    });

    it('drain waits for the in-flight handler, whose ack then counts', async () => {
      const b = await bus();
      const { message, durable } = scope();
      const d = durable();
      const type = message('x').type;
      const release = gate();
      gates.push(release.open);
      const events: string[] = [];
      const sub = await b.subscribe({
        ...FAST,
        durable: d,
        types: [type],
        handler: async (m) => {
          events.push(`start ${dec(m.data)}`);
          await release.promise;
          events.push(`end ${dec(m.data)}`);
        },
      });
      await b.publish(message('x', 'slow'));
      await waitFor('the handler to start', () => events.length === 1);
      let drained = false;
      const draining = sub.drain().then(() => (drained = true));
      await sleep(50);
      expect(drained).toBe(false);
      release.open();
      await draining;
      expect(events).toEqual(['start slow', 'end slow']);

      // Acked before drain returned: a new subscription on the durable gets only what follows.
      await b.subscribe({ ...FAST, durable: d, types: [type], handler: async (m) => void events.push(`again ${dec(m.data)}`) });
      await b.publish(message('x', 'next'));
      await waitFor('"next"', () => events.includes('again next'));
      await sleep(QUIET_MS);
      expect(events).toEqual(['start slow', 'end slow', 'again next']);
    });

    it('runs one handler at a time in publish order by default, and up to `concurrency` when set', async () => {
      const b = await bus();
      const { message, durable } = scope();
      const type = message('x').type;

      let running = 0;
      let maxRunning = 0;
      const order: string[] = [];
      await b.subscribe({
        ...FAST,
        durable: durable(),
        types: [type],
        handler: async (m) => {
          running += 1;
          maxRunning = Math.max(maxRunning, running);
          await sleep(5);
          order.push(dec(m.data));
          running -= 1;
        },
      });
      const bodies = ['1', '2', '3', '4', '5'];
      for (const body of bodies) await b.publish(message('x', body));
      await waitFor('five messages', () => order.length === 5);
      expect(order).toEqual(bodies);
      expect(maxRunning).toBe(1);

      // Three handlers must be running together to get past this barrier.
      const { message: other } = scope();
      const barrier = gate();
      gates.push(barrier.open);
      let started = 0;
      let finished = 0;
      await b.subscribe({
        ...FAST,
        concurrency: 3,
        durable: durable(),
        types: [other('y').type],
        handler: async () => {
          if (++started === 3) barrier.open();
          await barrier.promise;
          finished += 1;
        },
      });
      for (let i = 0; i < 3; i++) await b.publish(other('y'));
      await waitFor('three concurrent handlers', () => finished === 3, 5_000);
    });

    it('answers ping while open', async () => {
      const b = await bus();
      await expect(b.ping()).resolves.toBeUndefined();
    });

    it('rejects invalid types and subscribe options', async () => {
      const b = await bus();
      const { message, durable } = scope();
      await expect(b.publish({ ...message('x'), type: 'a.*' })).rejects.toMatchObject({ code: 'BUS_INVALID_ARGUMENT' });
      await expect(b.publish({ ...message('x'), type: 'a..b' })).rejects.toMatchObject({ code: 'BUS_INVALID_ARGUMENT' });
      const handler = async () => {};
      await expect(b.subscribe({ durable: 'has.dot', types: ['a'], handler })).rejects.toMatchObject({ code: 'BUS_INVALID_ARGUMENT' });
      await expect(b.subscribe({ durable: durable(), types: ['a.>.b'], handler })).rejects.toMatchObject({ code: 'BUS_INVALID_ARGUMENT' });
      await expect(b.subscribe({ durable: durable(), types: [], handler })).rejects.toMatchObject({ code: 'BUS_INVALID_ARGUMENT' });
    });

    it('close drains handlers, then publish, subscribe and ping reject', async () => {
      const b = await bus();
      const { message, durable } = scope();
      const release = gate();
      gates.push(release.open);
      let started = false;
      let finished = false;
      await b.subscribe({
        ...FAST,
        durable: durable(),
        types: [message('x').type],
        handler: async () => {
          started = true;
          await release.promise;
          finished = true;
        },
      });
      await b.publish(message('x'));
      await waitFor('the handler to start', () => started);
      let closed = false;
      const closing = b.close().then(() => (closed = true));
      await sleep(50);
      expect(closed).toBe(false);
      release.open();
      await closing;
      expect(finished).toBe(true);
      await expect(b.publish(message('x'))).rejects.toMatchObject({ code: 'BUS_CLOSED' });
      await expect(b.subscribe({ ...FAST, durable: durable(), types: ['a'], handler: async () => {} })).rejects.toMatchObject({ code: 'BUS_CLOSED' });
      await expect(b.ping()).rejects.toMatchObject({ code: 'BUS_CLOSED' });
      await expect(b.close()).resolves.toBeUndefined();
    });
  });
}
