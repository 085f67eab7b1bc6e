// `npm run dlq` as an operator runs it, its own process, against the real NATS the consumers use:
// a namespace of its own with a consumer whose handler fails until "fixed", removed afterwards.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBus, destroyBus, type EventBus } from '@brokerwise/bus';
import { encodeEvent } from '@brokerwise/proto';
import { runNodeScript, uniqueName } from '@brokerwise/testing';

const SCRIPT = path.join(import.meta.dirname, 'dlq.ts');

describe('npm run dlq', () => {
  it('answers --help, and refuses bad usage with 2', async () => {
    const help = await runNodeScript(SCRIPT, ['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/list .*show .*replay .*drop/s);
    for (const args of [['purge'], ['show'], ['show', 'x1'], ['replay', '3', '--all'], ['drop', '3', '--durable', 'd']]) {
      const bad = await runNodeScript(SCRIPT, args);
      expect(bad.code, args.join(' ')).toBe(2);
    }
    const noNats = await runNodeScript(SCRIPT, ['list'], { env: { NATS_URL: '' } });
    expect(noNats.code).toBe(1);
    expect(noNats.stderr).toMatch(/NATS_URL is required/);
  }, 60_000);

  describe.runIf(process.env.NATS_URL)('against NATS, with a consumer that fails until fixed', () => {
    const namespace = uniqueName('dlq').toLowerCase();
    const durable = 'dlq-test-consumer';
    const other = 'dlq-test-other';
    const env = { NATS_URL: process.env.NATS_URL!, NATS_NAMESPACE: namespace };
    const dlq = (...args: string[]) => runNodeScript(SCRIPT, args, { env });
    let bus: EventBus;
    let broken = true;
    const handled: string[] = [];
    const otherHandled: string[] = [];

    const removed = (slug: string) => encodeEvent('catalogue.company.removed', { id: crypto.randomUUID(), slug, version: 1n }, { producer: 'test', correlationId: `req-${slug}` });
    const publish = (e: ReturnType<typeof removed>) => bus.publish({ id: e.id, type: e.type, data: e.bytes, correlationId: `req-${e.id}` });
    const listed = async (...args: string[]) => {
      const r = await dlq('list', '--json', ...args);
      expect(r.code, r.stderr).toBe(0);
      return JSON.parse(r.stdout) as Array<{ seq: number; id: string; durable: string; error: string; attempts: number }>;
    };
    const deadLettered = async (n: number) => {
      await expect.poll(async () => (await bus.deadLetters(durable)).length, { timeout: 15_000 }).toBe(n);
    };

    beforeAll(async () => {
      bus = await createBus({ natsUrl: process.env.NATS_URL, namespace });
      await bus.subscribe({ durable, types: ['catalogue.company.removed'], maxDeliver: 2, backoffMs: [20], handler: async (m) => {
        if (broken) throw new Error('handler bug');
        handled.push(m.id);
      } });
      await bus.subscribe({ durable: other, types: ['catalogue.company.removed'], handler: async (m) => void otherHandled.push(m.id) });
    });
    afterAll(async () => {
      if (bus) await destroyBus(bus);
    });

    it('lists and shows a dead letter, replays it to its durable once fixed, and drops another', async () => {
      const poison = removed('poison-co');
      await publish(poison);
      await deadLettered(1);

      const [letter, ...rest] = await listed();
      expect(rest).toEqual([]);
      expect(letter).toMatchObject({ id: poison.id, durable, attempts: 2, error: 'Error: handler bug' });
      expect(await listed('--durable', other)).toEqual([]);
      const text = await dlq('list');
      expect(text.stdout).toContain(poison.id);

      const show = await dlq('show', String(letter!.seq));
      expect(show.code, show.stderr).toBe(0);
      const shown = JSON.parse(show.stdout);
      expect(shown).toMatchObject({ seq: letter!.seq, id: poison.id, type: 'catalogue.company.removed', event: { envelope: { id: poison.id, producer: 'test' }, payload: { slug: 'poison-co' } } });

      // Fixed: the replay reaches the durable it failed in, and no other.
      broken = false;
      const replay = await dlq('replay', String(letter!.seq));
      expect(replay.code, replay.stderr).toBe(0);
      await expect.poll(() => handled, { timeout: 15_000 }).toEqual([poison.id]);
      expect(await listed()).toEqual([]);
      expect((await dlq('replay', String(letter!.seq))).code).toBe(3);
      expect((await dlq('show', String(letter!.seq))).code).toBe(3);

      broken = true;
      const unwanted = removed('unwanted-co');
      await publish(unwanted);
      await deadLettered(1);
      const [second] = await listed();
      const drop = await dlq('drop', String(second!.seq));
      expect(drop.code, drop.stderr).toBe(0);
      expect(await listed()).toEqual([]);
      expect((await dlq('drop', String(second!.seq))).code).toBe(3);

      // The other durable had every event once: the original publishes, no replay.
      const sentinel = removed('sentinel-co');
      broken = false;
      await publish(sentinel);
      await expect.poll(() => otherHandled, { timeout: 15_000 }).toEqual([poison.id, unwanted.id, sentinel.id]);
      await expect.poll(() => handled, { timeout: 15_000 }).toEqual([poison.id, sentinel.id]);
    }, 90_000);

    it('replays every dead letter of a durable with --all', async () => {
      broken = true;
      const events = [removed('all-1'), removed('all-2')];
      for (const e of events) await publish(e);
      await deadLettered(2);
      broken = false;
      handled.length = 0;
      const replay = await dlq('replay', '--all', '--durable', durable);
      expect(replay.code, replay.stderr).toBe(0);
      expect(replay.stdout).toContain('2 dead letter(s) replayed');
      await expect.poll(() => [...handled].sort(), { timeout: 15_000 }).toEqual(events.map((e) => e.id).sort());
      expect(await listed()).toEqual([]);
    }, 90_000);
  });
});
