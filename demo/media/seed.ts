import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import path from 'node:path';
import { runFfmpeg } from '@brokerwise/ffmpeg';
import sharp from 'sharp';
import type { OutboxRelay } from '@brokerwise/service-kit';
import type { FfmpegSettings, Log, MediaContext } from '../../services/media/src/domain/context.ts';
import { addComment, collectPost, likePost } from '../../services/media/src/domain/interactions.ts';
import { postExists, publishPost } from '../../services/media/src/domain/posts.ts';
import { scratchDir } from '../../services/media/src/domain/uploads/receive.ts';
import { uploadImage, uploadVideo } from '../../services/media/src/domain/uploads/index.ts';
import { DEMO_CREATOR_IDS, DEMO_POSTS, type DemoPost } from './demo-data.ts';

export interface SeedReport {
  /** Posts created by this run (0 when they were all there already). */
  created: number;
  total: number;
}

/** A stable UUID from a name, so every start (and every fresh database) gives the same post ids. */
export function demoPostId(key: string): string {
  const h = createHash('sha256').update(`brokerwise-media-demo:${key}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** A chart-like cover (candles over a gradient), drawn from scratch: no text, so no font is needed. */
export function renderCover(colors: [string, string], seed: number): Promise<Buffer> {
  const candles: string[] = [];
  let price = 360;
  for (let i = 0; i < 24; i++) {
    const x = 60 + i * 48;
    const move = Math.round(Math.sin(seed + i * 0.7) * 40 + Math.cos(seed * 3 + i) * 25);
    const open = price;
    const close = price - move;
    const high = Math.min(open, close) - 20 - ((seed * 7 + i * 13) % 30);
    const low = Math.max(open, close) + 20 + ((seed * 5 + i * 11) % 30);
    const up = close < open;
    candles.push(
      `<line x1="${x + 12}" y1="${high}" x2="${x + 12}" y2="${low}" stroke="white" stroke-opacity="0.7" stroke-width="3"/>` +
        `<rect x="${x}" y="${Math.min(open, close)}" width="24" height="${Math.max(4, Math.abs(close - open))}" fill="${up ? '#22c55e' : '#f43f5e'}" fill-opacity="0.9"/>`,
    );
    price = Math.max(160, Math.min(560, close));
  }
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="720">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${colors[0]}"/><stop offset="1" stop-color="${colors[1]}"/></linearGradient></defs>` +
    `<rect width="1280" height="720" fill="url(#g)"/>` +
    Array.from({ length: 6 }, (_, i) => `<line x1="0" y1="${120 * (i + 1)}" x2="1280" y2="${120 * (i + 1)}" stroke="white" stroke-opacity="0.12"/>`).join('') +
    candles.join('') +
    `</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** A few seconds of ffmpeg's test pattern with a tone: a real mp4 for the real upload pipeline. */
async function makeDemoClip(file: string, tone: number, settings: FfmpegSettings): Promise<void> {
  await runFfmpeg(
    settings.ffmpegPath,
    [
      '-v', 'error', '-y',
      '-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=25:duration=4',
      '-f', 'lavfi', '-i', `sine=frequency=${tone}:duration=4`,
      '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '30', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '64k', '-shortest',
      '-f', 'mp4', file,
    ],
    { timeoutMs: settings.timeoutSeconds * 1000 },
  );
}

const OLD_ACCOUNT = new Date('2025-01-01T00:00:00Z');

async function seedOne(ctx: MediaContext & { log: Log }, p: DemoPost, index: number, dir: string): Promise<void> {
  const authorId = DEMO_CREATOR_IDS[p.author];
  const publishedAt = new Date(ctx.now().getTime() - p.hoursAgo * 3600_000);
  const at = { ...ctx, now: () => publishedAt };
  const cover = await uploadImage(at, authorId, await renderCover(p.colors, index + 1));
  let videoId: string | undefined;
  let content: string | undefined;
  if (p.kind === 'video') {
    const file = path.join(dir, `${p.key}.mp4`);
    await makeDemoClip(file, p.tone ?? 440, ctx.ffmpeg);
    videoId = (await uploadVideo(at, authorId, createReadStream(file))).id;
  } else {
    const inline = await uploadImage(at, authorId, await renderCover([p.colors[1], p.colors[0]], index + 11));
    content = (p.content ?? '').replace('{image}', `<figure><img src="/media/${inline.full_key}" alt=""></figure>`);
  }
  const post = await publishPost(at, {
    id: demoPostId(p.key),
    authorId,
    accountCreatedAt: OLD_ACCOUNT,
    kind: p.kind,
    title: p.title,
    description: p.description,
    category: p.category,
    locale: p.locale,
    coverImageId: cover.id,
    videoId,
    content,
  });
  const later = { ...ctx, now: () => new Date(publishedAt.getTime() + 3600_000) };
  for (const who of p.likedBy ?? []) await likePost(later, post.id, DEMO_CREATOR_IDS[who], true);
  for (const who of p.collectedBy ?? []) await collectPost(later, post.id, DEMO_CREATOR_IDS[who], true);
  for (const c of p.comments ?? []) await addComment(later, post.id, { userId: DEMO_CREATOR_IDS[c.by], accountCreatedAt: OLD_ACCOUNT, text: c.text });
}

/**
 * The demo posts (`startMedia(config, { seed })`), through the real pipeline: covers and inline pictures via
 * the image upload, test-pattern videos via the video upload (so the worker transcodes them),
 * then publish, likes, bookmarks and comments. Idempotent across restarts: a post whose fixed
 * id exists is skipped.
 */
export async function seedDemoPosts(ctx: MediaContext & { relay: OutboxRelay; log: Log }): Promise<SeedReport> {
  const scratch = await scratchDir(ctx.ffmpeg.tmpDir, 'seed');
  let created = 0;
  try {
    for (const [i, p] of DEMO_POSTS.entries()) {
      if (await postExists(ctx, demoPostId(p.key))) continue;
      await seedOne(ctx, p, i, scratch.dir);
      created += 1;
      ctx.relay.poke();
    }
  } finally {
    await scratch.remove();
  }
  if (created > 0) ctx.log.info({ created }, 'demo posts seeded');
  return { created, total: DEMO_POSTS.length };
}
