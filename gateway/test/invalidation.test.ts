import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { MemoryBus, createBus, destroyBus } from '@brokerwise/bus';
import { MemoryCache } from '@brokerwise/cache';
import { encodeEvent } from '@brokerwise/proto';
import { DiskStore } from '@brokerwise/storage';
import { uniqueName } from '@brokerwise/testing';
import { parseGatewayConfig } from '../src/config.ts';
import { CacheInvalidator } from '../src/http/invalidation.ts';
import { startGateway } from '../src/main.ts';

describe('cache invalidation by events', () => {
  it('drops shared and per-process copies when a company changes, not by TTL', async () => {
    const bus = new MemoryBus();
    const cache = new MemoryCache();
    const invalidator = new CacheInvalidator(cache, 10);
    let localCleared = 0;
    invalidator.onInvalidate(() => void (localCleared += 1));
    const sub = await invalidator.subscribe(bus, pino({ level: 'silent' }));
    await cache.set('gw:cat:list:en:[1]', '{"list":[]}', 3_600_000);
    await cache.set('other:key', 'kept', 3_600_000);
    const e = encodeEvent('catalogue.company.removed', { id: crypto.randomUUID(), slug: 'x', version: 2n }, { producer: 'test' });
    await bus.publish({ id: e.id, type: e.type, data: e.bytes });
    await expect.poll(() => cache.get('gw:cat:list:en:[1]')).toBeNull();
    expect(await cache.get('other:key')).toBe('kept');
    expect(localCleared).toBe(1);
    await sub.drain();
    await bus.close();
  });
});

describe('cache invalidation on every gateway replica', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  /** A stand-in web tier whose every render is new, so a page served from a replica's memory shows. */
  async function standInWeb(): Promise<string> {
    let renders = 0;
    const server = http.createServer((req, res) => {
      renders += 1;
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(`<!doctype html><p>render ${renders} of ${req.url}</p>`);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    cleanups.push(async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    });
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  const page = async (port: number) => {
    const res = await fetch(`http://127.0.0.1:${port}/companies/invalidation-probe`);
    await res.text();
    return res.headers.get('x-page-cache');
  };

  it('drops the per-process caches of both replicas (and the shared one) on one invalidating event', async () => {
    // One bus as in production: NATS when the real server is there (a namespace of its own), else in-process.
    const bus = process.env.NATS_URL ? await createBus({ natsUrl: process.env.NATS_URL, namespace: uniqueName('gwinv').toLowerCase() }) : new MemoryBus();
    cleanups.push(() => destroyBus(bus));
    const dir = await mkdtemp(path.join(os.tmpdir(), 'bw-gw-invalidation-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    const shared = new MemoryCache();
    const config = parseGatewayConfig({
      PORT: '0',
      LOG_LEVEL: 'silent',
      SIGNATURE_SALT: 'invalidation-test-salt',
      DATA_DIR: dir,
      CATALOGUE_URL: 'http://127.0.0.1:9',
      WEB_URL: await standInWeb(),
      UPSTREAM_TIMEOUT_MS: '2000',
      PAGE_CACHE_TTL_MS: '60000',
    });
    const replicas = [];
    for (let i = 0; i < 2; i++) {
      const gw = await startGateway(config, { bus, cache: shared, objects: new DiskStore({ dir }) });
      cleanups.push(() => gw.close());
      replicas.push(gw);
    }
    for (const gw of replicas) {
      expect(await page(gw.port)).toBe('MISS');
      expect(await page(gw.port)).toBe('HIT');
    }
    await shared.set('gw:cat:list:en:[1]', '{"list":[]}', 3_600_000);

    const e = encodeEvent('catalogue.company.removed', { id: crypto.randomUUID(), slug: 'invalidation-probe', version: 3n }, { producer: 'test' });
    await bus.publish({ id: e.id, type: e.type, data: e.bytes });

    // Each replica renders the page again: its own copy was dropped, not only one replica's.
    for (const gw of replicas) await expect.poll(() => page(gw.port), { timeout: 15_000 }).toBe('MISS');
    expect(await shared.get('gw:cat:list:en:[1]')).toBeNull();
  }, 60_000);
});
