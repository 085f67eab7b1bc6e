import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { createBus, destroyBus } from '@brokerwise/bus';
import { createTestDatabase, type Kysely } from '@brokerwise/sql';
import { DiskStore } from '@brokerwise/storage';
import { uniqueName } from '@brokerwise/testing';
import { parseMediaConfig } from '../../services/media/src/config.ts';
import { startMedia } from '../../services/media/src/main.ts';
import { DEMO_CREATOR_IDS, DEMO_POSTS } from './demo-data.ts';
import { demoPostId, seedDemoPosts } from './seed.ts';
import type { MediaTables } from '../../services/media/src/store/types.ts';

it('seeds the demo posts through the real pipeline, once across restarts', async () => {
  const t = await createTestDatabase('media', process.env.DATABASE_URL);
  const bus = await createBus({ natsUrl: process.env.NATS_URL, namespace: uniqueName('medseed').toLowerCase() });
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bw-media-seed-'));
  await mkdir(path.join(dir, 'tmp'));
  const objects = new DiskStore({ dir: path.join(dir, 'objects') });
  const config = parseMediaConfig({ PORT: '0', LOG_LEVEL: 'silent', DATA_DIR: dir, TMP_DIR: path.join(dir, 'tmp') });
  const db = t.db as Kysely<MediaTables>;
  try {
    const first = await startMedia(config, { bus, database: t, objects, seed: seedDemoPosts });
    expect(await first.seeded).toEqual({ created: DEMO_POSTS.length, total: DEMO_POSTS.length });
    const videos = DEMO_POSTS.filter((p) => p.kind === 'video').length;
    expect(videos).toBeGreaterThanOrEqual(3);
    expect(DEMO_POSTS.filter((p) => p.kind === 'image_text').length).toBeGreaterThanOrEqual(4);
    // Every demo video goes through the worker and becomes playable.
    await expect.poll(async () => (await db.selectFrom('video').select('status').where('status', '=', 'ready').execute()).length, { timeout: 60_000, interval: 200 }).toBe(videos);
    const posts = await db.selectFrom('post').select(['id', 'author_id', 'locale', 'published_at']).execute();
    expect(posts.map((p) => p.id).sort()).toEqual(DEMO_POSTS.map((p) => demoPostId(p.key)).sort());
    expect(new Set(posts.map((p) => p.author_id))).toEqual(new Set(Object.values(DEMO_CREATOR_IDS)));
    expect(new Set(posts.map((p) => p.locale))).toEqual(new Set(['en', 'zh-cn']));
    await expect.poll(async () => (await db.selectFrom('post').select('id').where('published_at', 'is', null).execute()).length, { timeout: 30_000 }).toBe(0);
    const text = await db.selectFrom('post').select(['content_html']).where('id', '=', demoPostId('text-position-sizing')).executeTakeFirstOrThrow();
    expect(text.content_html).toMatch(/<img src="\/media\/images\/[0-9a-f-]{36}\/full\.webp"/);
    expect(text.content_html).toContain('rel="nofollow noopener ugc"');
    // Covers' and posters' picture sizes are made by the worker's jobs, queued with them (ADR 033).
    await expect.poll(async () => (await db.selectFrom('image_variant_job').select('key').where('state', '!=', 'done').execute()).length, { timeout: 60_000, interval: 200 }).toBe(0);
    const images = (await db.selectFrom('image').select('id').execute()).length;
    expect((await db.selectFrom('image_variant_job').select('key').execute()).length).toBe(images + videos);
    expect((await db.selectFrom('image').select('id').where('cover_sizes', 'is', null).execute()).length).toBe(0);
    const before = { objects: (await objects.list('')).length, likes: (await db.selectFrom('post_like').selectAll().execute()).length };
    expect(before.likes).toBeGreaterThan(0);
    await first.close();

    const again = await startMedia(config, { bus, database: t, objects, seed: seedDemoPosts });
    expect(await again.seeded).toEqual({ created: 0, total: DEMO_POSTS.length });
    expect((await objects.list('')).length).toBe(before.objects);
    expect((await db.selectFrom('post_like').selectAll().execute()).length).toBe(before.likes);
    await again.close();
  } finally {
    await destroyBus(bus);
    await t.destroy();
    await rm(dir, { recursive: true, force: true });
  }
}, 120_000);
