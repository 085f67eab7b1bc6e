import { afterAll, describe, expect, it } from 'vitest';
import { connect, headers } from '@nats-io/transport-node';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { uniqueName } from '@brokerwise/testing';
import { NatsBus, createBus } from '../src/index.ts';
import { describeBusConformance } from './conformance.ts';

const url = process.env.NATS_URL;
// One namespace for this file: its streams are created by the first connect and deleted below.
const namespace = uniqueName('bwtest');

describe.skipIf(!url)('NatsBus', () => {
  afterAll(async () => {
    const nc = await connect({ servers: url! });
    const jsm = await jetstreamManager(nc);
    for (const stream of [`${namespace.toUpperCase()}_EVENTS`, `${namespace.toUpperCase()}_DLQ`]) {
      await jsm.streams.delete(stream).catch(() => false);
    }
    await nc.close();
  });

  describeBusConformance('NatsBus', () => NatsBus.connect({ servers: url!, namespace }));

  it('creates both streams with file storage and a 2-minute dedupe window, and updates them on reconnect', async () => {
    const bus = await NatsBus.connect({ servers: url!, namespace });
    const nc = await connect({ servers: url! });
    try {
      const jsm = await jetstreamManager(nc);
      const events = await jsm.streams.info(bus.eventsStream);
      expect(events.config).toMatchObject({ subjects: [`${namespace}.evt.>`], storage: 'file', duplicate_window: 120e9 });
      const dlq = await jsm.streams.info(bus.deadLetterStream);
      expect(dlq.config).toMatchObject({ subjects: [`${namespace}.dlq.>`], storage: 'file', duplicate_window: 120e9 });

      // Someone changed the stream: the next connect converges it back instead of failing.
      await jsm.streams.update(bus.eventsStream, { duplicate_window: 30e9 });
      const again = await NatsBus.connect({ servers: url!, namespace });
      await again.close();
      expect((await jsm.streams.info(bus.eventsStream)).config.duplicate_window).toBe(120e9);
    } finally {
      await nc.close();
      await bus.close();
    }
  });

  it('lets the server delete a per-replica durable after its inactive threshold', async () => {
    const bus = await NatsBus.connect({ servers: url!, namespace });
    const nc = await connect({ servers: url! });
    try {
      const durable = uniqueName('replica');
      const sub = await bus.subscribe({ durable, types: ['idle.a'], inactiveThresholdMs: 1000, handler: async () => {} });
      const jsm = await jetstreamManager(nc);
      expect((await jsm.consumers.info(bus.eventsStream, durable)).config.inactive_threshold).toBe(1000e6);
      await sub.drain();
      await expect.poll(() => jsm.consumers.info(bus.eventsStream, durable).then(() => 'exists', () => 'deleted'), { timeout: 15_000, interval: 250 }).toBe('deleted');
    } finally {
      await nc.close();
      await bus.close();
    }
  });

  it('configures the durable as an explicit-ack, deliver-all consumer with the ack wait asked for', async () => {
    const bus = await NatsBus.connect({ servers: url!, namespace });
    const nc = await connect({ servers: url! });
    try {
      const durable = uniqueName('d');
      const sub = await bus.subscribe({ durable, types: ['cfg.a.>'], ackWaitMs: 1500, handler: async () => {} });
      await sub.drain();
      const jsm = await jetstreamManager(nc);
      const info = await jsm.consumers.info(bus.eventsStream, durable);
      expect(info.config).toMatchObject({
        durable_name: durable,
        ack_policy: 'explicit',
        deliver_policy: 'all',
        ack_wait: 1500e6,
        filter_subject: `${namespace}.evt.cfg.a.>`,
      });
      // Subscribing again with other settings updates the durable in place.
      await (await bus.subscribe({ durable, types: ['cfg.b'], ackWaitMs: 2500, handler: async () => {} })).drain();
      const updated = await jsm.consumers.info(bus.eventsStream, durable);
      expect(updated.config).toMatchObject({ ack_wait: 2500e6, filter_subject: `${namespace}.evt.cfg.b` });
    } finally {
      await nc.close();
      await bus.close();
    }
  });

  it('keeps every header of a dead letter (trace context too) through the dead-letter stream and its replay', async () => {
    const bus = await NatsBus.connect({ servers: url!, namespace });
    const nc = await connect({ servers: url! });
    try {
      const durable = uniqueName('d');
      const type = `${uniqueName('hdr')}.x`;
      let broken = true;
      const handled: string[] = [];
      await bus.subscribe({ durable, types: [type], maxDeliver: 1, handler: async (m) => {
        if (broken) throw new Error('broken');
        handled.push(m.id);
      } });
      const id = crypto.randomUUID();
      const traceparent = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';
      // Published as a producer that sets headers this bus doesn't know about.
      const h = headers();
      h.set('Bw-Type', type);
      h.set('traceparent', traceparent);
      const js = jetstream(nc);
      await js.publish(`${namespace}.evt.${type}`, new TextEncoder().encode('x'), { msgID: id, headers: h });
      await expect.poll(() => bus.deadLetters(durable).then((l) => l.length), { timeout: 10_000 }).toBe(1);
      const [letter] = await bus.deadLetters(durable);
      const jsm = await jetstreamManager(nc);
      const stored = await jsm.streams.getMessage(bus.deadLetterStream, { seq: letter!.seq });
      expect(stored?.header.get('traceparent')).toBe(traceparent);

      broken = false;
      expect(await bus.replayDeadLetter(letter!.seq)).toBe(true);
      await expect.poll(() => handled, { timeout: 10_000 }).toEqual([id]);
      const replayed = await jsm.streams.getMessage(bus.eventsStream, { last_by_subj: `${namespace}.evt.${type}` });
      expect(replayed?.header.get('traceparent')).toBe(traceparent);
      expect(replayed?.header.get('Bw-Replay-For')).toBe(durable);
      expect(replayed?.header.get('Bw-Error')).toBe('');
    } finally {
      await nc.close();
      await bus.close();
    }
  });

  it('createBus picks NATS when a URL is given and memory otherwise', async () => {
    const nats = await createBus({ natsUrl: url!, namespace });
    const memory = await createBus({});
    try {
      expect(nats.kind).toBe('nats');
      expect(memory.kind).toBe('memory');
    } finally {
      await nats.close();
      await memory.close();
    }
  });

  it('rejects connecting to a server that is not there', async () => {
    await expect(NatsBus.connect({ servers: 'nats://127.0.0.1:1', namespace })).rejects.toMatchObject({ code: 'BUS_UNAVAILABLE' });
  });
});
