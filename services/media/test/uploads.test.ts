import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mediaTools, runFfprobe } from '@brokerwise/ffmpeg';
import { variantKeys } from '@brokerwise/storage';
import { emptyRows, errorOf, startHarness, type Harness } from './harness.ts';
import { ffprobeJson, makeAudioOnly, makeClip, makeJpegWithExif, makePixelFloodPng, makePng } from './clips.ts';

/** Each suite gets its own service so its leftovers checks see only its own uploads. */
function harnessPerSuite(use: (h: Harness) => void): void {
  let h: Harness | undefined;
  beforeAll(async () => {
    h = await startHarness();
    use(h);
  });
  afterAll(async () => {
    await h?.close();
  });
}

describe('uploads are checked by content; a refused one leaves nothing behind', () => {
  let h: Harness;
  const owner = randomUUID();
  harnessPerSuite((started) => (h = started));

  const expectNothingLeft = async () => {
    const left = await h.leftovers();
    expect(left).toEqual({ objects: [], rows: emptyRows, tmp: [] });
  };

  it.each([
    ['a PNG renamed .mp4', async () => makePng(), 'type'],
    ['a text file', async () => Buffer.from('#!/bin/sh\necho pwned\n'), 'type'],
    ['an mp4 cut off before its index (moov at the end)', async () => (await makeClip(h.workDir, 'cut.mp4')).subarray(0, 20_000), 'corrupt'],
    ['an mp4 cut off after its index (faststart)', async () => (await makeClip(h.workDir, 'cut-fs.mp4', { faststart: true })).subarray(0, 30_000), 'corrupt'],
    ['an mp4 with no video stream', async () => makeAudioOnly(h.workDir), 'no_video_stream'],
    ['an empty body', async () => Buffer.alloc(0), 'required'],
  ])('refuses %s with video: %s', async (_name, make, problem) => {
    const r = await h.upload(`/v1/videos?ownerId=${owner}`, await make(), 'video/mp4');
    expect(r.status).toBe(400);
    expect(errorOf(r)).toMatchObject({ code: 'media.video_invalid', kind: 'validation', fields: { video: problem } });
    await expectNothingLeft();
  });

  it('refuses a video of 10 MB or more (spec §9) while receiving it', async () => {
    const r = await h.upload(`/v1/videos?ownerId=${owner}`, Buffer.alloc(10 * 1024 * 1024 + 1, 7), 'video/mp4');
    expect(r.status).toBe(413);
    expect(errorOf(r)).toMatchObject({ code: 'media.video_invalid', fields: { video: 'too_large' }, params: { max: 10 * 1024 * 1024 } });
    await expectNothingLeft();
  });

  it('refuses a clip shorter than half a second', async () => {
    const r = await h.upload(`/v1/videos?ownerId=${owner}`, await makeClip(h.workDir, 'short.mp4', { seconds: 0.2, audio: false }));
    expect(errorOf(r)).toMatchObject({ fields: { video: 'duration' }, params: { min: 0.5, max: 900 } });
    await expectNothingLeft();
  });

  it.each([
    ['a pixel-flood PNG (60000 × 60000 in a few hundred bytes)', async () => makePixelFloodPng(), 'dimensions'],
    ['an mp4 sent as an image', async () => makeClip(h.workDir, 'as-image.mp4'), 'type'],
    ['a truncated JPEG', async () => (await makeJpegWithExif()).subarray(0, 400), 'corrupt'],
    ['an empty body', async () => Buffer.alloc(0), 'required'],
  ])('refuses %s with image: %s', async (_name, make, problem) => {
    const r = await h.upload(`/v1/images?ownerId=${owner}`, await make(), 'image/png');
    expect(r.status).toBe(400);
    expect(errorOf(r)).toMatchObject({ code: 'media.image_invalid', fields: { image: problem } });
    await expectNothingLeft();
  });

  it('refuses an image over the size limit', async () => {
    const r = await h.upload(`/v1/images?ownerId=${owner}`, Buffer.alloc(5 * 1024 * 1024 + 1, 1), 'image/jpeg');
    expect(errorOf(r)).toMatchObject({ fields: { image: 'too_large' } });
    await expectNothingLeft();
  });

  it('re-encodes an image into WebP cover, thumbnail and full sizes without its EXIF', async () => {
    const source = await makeJpegWithExif(2400, 1800);
    expect((await sharp(source).metadata()).exif).toBeDefined();
    const r = await h.upload(`/v1/images?ownerId=${owner}`, source, 'image/jpeg');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ ownerId: owner, width: 2400, height: 1800, fullKey: `images/${r.body.id}/full.webp`, coverKey: `images/${r.body.id}/cover.webp`, thumbKey: `images/${r.body.id}/thumb.webp` });
    const sizes: Record<string, [number, number]> = { full: [1600, 1200], cover: [1280, 720], thumb: [480, 270] };
    for (const [variant, [w, hgt]] of Object.entries(sizes)) {
      const got = await h.objects.get(`images/${r.body.id}/${variant}.webp`);
      expect(got?.info.contentType).toBe('image/webp');
      const meta = await sharp(got!.body).metadata();
      expect({ variant, format: meta.format, width: meta.width, height: meta.height, exif: meta.exif }).toEqual({ variant, format: 'webp', width: w, height: hgt, exif: undefined });
    }
    // A small PNG is never enlarged for inline use.
    const small = await h.upload(`/v1/images?ownerId=${owner}`, await makePng(320, 200), 'image/png');
    const full = await sharp((await h.objects.get(small.body.fullKey))!.body).metadata();
    expect([full.width, full.height]).toEqual([320, 200]);
    expect(await h.leftovers()).toMatchObject({ rows: { image: 2 }, tmp: [] });
  });

  it('makes the cover\'s AVIF and WebP sizes after answering, never wider than the cover (ADR 033)', async () => {
    const r = await h.upload(`/v1/images?ownerId=${owner}`, await makePng(900, 600), 'image/png');
    expect(r.status).toBe(200);
    const cover = r.body.coverKey as string;
    const keys = variantKeys(cover, 'photo');
    await vi.waitFor(async () => expect(await h.objects.head(keys.webp.at(-1)!.key)).not.toBeNull(), { timeout: 20_000, interval: 100 });
    for (const format of ['avif', 'webp'] as const) {
      for (const { width, key } of keys[format]) {
        expect(key).toBe(`${cover}.${width}w.${format}`);
        const got = await h.objects.get(key);
        expect(got?.info.contentType).toBe(`image/${format}`);
        const meta = await sharp(got!.body).metadata();
        // The cover is 1280 × 720 (cropped, so enlarged from 900 px); every width up to it, none past it.
        expect({ format: meta.format === 'heif' ? 'avif' : meta.format, width: meta.width, height: meta.height }).toEqual({ format, width, height: Math.round((width * 720) / 1280) });
      }
    }
    expect(keys.avif.map((k) => k.width)).toEqual([320, 640, 960, 1280]);
  });
});

describe('video pipeline: upload → worker transcodes → playable', () => {
  let h: Harness;
  const owner = randomUUID();
  harnessPerSuite((started) => (h = started));

  it('accepts an mp4, transcodes it to HLS (360p and 720p H.264/AAC, ~4 s segments) with a poster and its progress, and says so', async () => {
    const clip = await makeClip(h.workDir, 'hd.mp4', { seconds: 9, width: 1920, height: 1080, extra: ['-crf', '32'] });
    const r = await h.upload(`/v1/videos?ownerId=${owner}`, clip, 'video/mp4');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ ownerId: owner, status: 'processing', progress: 0, width: 1920, height: 1080, sizeBytes: clip.length, playbackKey: null, reason: null });
    const id = r.body.id as string;
    const uploaded = await h.waitForEvent('media.video.uploaded', (p) => p.videoId === id);
    expect(uploaded.payload).toMatchObject({ ownerId: owner, sourceKey: `videos/${id}/original.mp4`, width: 1920, height: 1080 });

    // The status the creator polls: progress only moves forward and ends at 100 when ready.
    const seen: number[] = [];
    await vi.waitFor(
      async () => {
        const s = await h.call<{ status: string; progress: number }>('GET', `/v1/videos/${id}?ownerId=${owner}`);
        seen.push(s.body.progress);
        if (s.body.status === 'processing') throw new Error('still processing');
      },
      { timeout: 90_000, interval: 25 },
    );
    expect(seen.every((p, i) => i === 0 || p >= seen[i - 1]!)).toBe(true);
    expect(seen.at(-1)).toBe(100);
    // The worker's figure from ffmpeg's -progress, on the way there.
    expect(seen.some((p) => p > 0 && p < 100)).toBe(true);
    const master = `videos/${id}/hls/master.m3u8`;
    const done = await h.waitForVideo(id, owner);
    expect(done).toMatchObject({ status: 'ready', progress: 100, width: 1280, height: 720, playbackKey: master, posterKey: `videos/${id}/poster.jpg` });
    expect(done.durationSeconds).toBeGreaterThan(8.5);
    const ready = await h.waitForEvent('media.video.ready', (p) => p.videoId === id);
    expect(ready.payload).toMatchObject({ ownerId: owner, playbackKey: master, width: 1280, height: 720 });

    // The master playlist: two renditions, best first, with measured BANDWIDTH and their RESOLUTION.
    const masterFile = (await h.objects.get(master))!;
    expect(masterFile.info.contentType).toBe('application/vnd.apple.mpegurl');
    const variants = [...masterFile.body.toString('utf8').matchAll(/#EXT-X-STREAM-INF:([^\n]+)\n([^\n]+)/g)].map((m) => ({
      bandwidth: Number(/(?:^|,)BANDWIDTH=(\d+)/.exec(m[1]!)?.[1]),
      average: Number(/AVERAGE-BANDWIDTH=(\d+)/.exec(m[1]!)?.[1]),
      resolution: /RESOLUTION=(\d+x\d+)/.exec(m[1]!)?.[1],
      codecs: /CODECS="([^"]+)"/.exec(m[1]!)?.[1],
      uri: m[2]!,
    }));
    expect(variants.map((v) => [v.resolution, v.uri])).toEqual([
      ['1280x720', '720p.m3u8'],
      ['640x360', '360p.m3u8'],
    ]);
    for (const v of variants) {
      expect(v.codecs).toBe('avc1.640028,mp4a.40.2');
      expect(v.average).toBeGreaterThan(100_000);
      expect(v.bandwidth).toBeGreaterThanOrEqual(v.average);
    }
    expect(variants[0]!.bandwidth).toBeGreaterThan(variants[1]!.bandwidth);

    // Each rendition: a complete VOD playlist of ~4 s fMP4 segments that ffprobe decodes at its size.
    const tools = await mediaTools();
    for (const [name, size] of [['720p', [1280, 720]], ['360p', [640, 360]]] as const) {
      const list = (await h.objects.get(`videos/${id}/hls/${name}.m3u8`))!;
      expect(list.info.contentType).toBe('application/vnd.apple.mpegurl');
      const text = list.body.toString('utf8');
      expect(text).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
      expect(text).toContain('#EXT-X-ENDLIST');
      expect(Number(/#EXT-X-TARGETDURATION:(\d+)/.exec(text)?.[1])).toBeLessThanOrEqual(6);
      const init = /#EXT-X-MAP:URI="([^"]+)"/.exec(text)![1]!;
      const segments = [...text.matchAll(/#EXTINF:([\d.]+),\n([^\n]+)/g)].map((m) => ({ seconds: Number(m[1]), uri: m[2]! }));
      expect(segments.length).toBeGreaterThanOrEqual(2);
      for (const s of segments.slice(0, -1)) expect(s.seconds).toBeGreaterThanOrEqual(3.5);
      for (const s of segments) expect(s.seconds).toBeLessThanOrEqual(6);
      const initBytes = (await h.objects.get(`videos/${id}/hls/${init}`))!.body;
      for (const s of segments) {
        const segment = (await h.objects.get(`videos/${id}/hls/${s.uri}`))!;
        expect(segment.info.contentType).toBe('video/mp4');
        const file = path.join(h.workDir, `${name}-${s.uri}.mp4`);
        await writeFile(file, Buffer.concat([initBytes, segment.body]));
        const probed = await runFfprobe(tools.ffprobe.path, file, ['-count_frames']);
        expect(probed.streams.map((st) => [st.codec_type, st.codec_name])).toEqual([
          ['video', 'h264'],
          ['audio', 'aac'],
        ]);
        expect(probed.streams[0]).toMatchObject({ width: size[0], height: size[1], pix_fmt: 'yuv420p' });
        expect(Number(probed.streams[0]!.nb_read_frames)).toBeGreaterThan(s.seconds * 25 - 2);
      }
    }
    const poster = (await h.objects.get(`videos/${id}/poster.jpg`))!;
    expect(poster.info.contentType).toBe('image/jpeg');
    expect(await sharp(poster.body).metadata()).toMatchObject({ format: 'jpeg', width: 1280, height: 720 });
    expect((await h.leftovers()).tmp).toEqual([]);
    // A real two-rendition ffmpeg transcode of a 9 s clip: ≈ 10 s on a quiet machine, over 30 s on two busy cores.
  }, 120_000);

  it('keeps a portrait video upright at 720 × 1280 and a small one at its size (even sides)', async () => {
    const portrait = await h.upload(`/v1/videos?ownerId=${owner}`, await makeClip(h.workDir, 'portrait.mp4', { seconds: 1, width: 1080, height: 1920, audio: false }));
    const small = await h.upload(`/v1/videos?ownerId=${owner}`, await makeClip(h.workDir, 'small.mov', { seconds: 1, width: 322, height: 242, container: 'mov' }));
    expect([portrait.status, small.status]).toEqual([200, 200]);
    expect(await h.waitForVideo(portrait.body.id, owner)).toMatchObject({ status: 'ready', width: 720, height: 1280 });
    expect(await h.waitForVideo(small.body.id, owner)).toMatchObject({ status: 'ready', width: 322, height: 242 });
    // Portrait: 360 × 640 and 720 × 1280, without audio; a small one: one rendition at its own size.
    expect((await h.objects.get(`videos/${portrait.body.id}/hls/master.m3u8`))!.body.toString('utf8')).toMatch(/RESOLUTION=720x1280,CODECS="avc1\.640028"\n720p\.m3u8\n.*RESOLUTION=360x640,CODECS="avc1\.640028"\n360p\.m3u8/s);
    const smallMaster = (await h.objects.get(`videos/${small.body.id}/hls/master.m3u8`))!.body.toString('utf8');
    expect(smallMaster.match(/#EXT-X-STREAM-INF/g)).toHaveLength(1);
    expect(smallMaster).toContain('RESOLUTION=322x242');
    const init = (await h.objects.get(`videos/${portrait.body.id}/hls/720p_init.mp4`))!.body;
    const first = (await h.objects.get(`videos/${portrait.body.id}/hls/720p_000.m4s`))!.body;
    const probed = await ffprobeJson(h.workDir, 'portrait-out.mp4', Buffer.concat([init, first]));
    expect(probed.streams.map((s) => s.codec_type)).toEqual(['video']);
  });

  it('shows the status only to the owner', async () => {
    const r = await h.upload(`/v1/videos?ownerId=${owner}`, await makeClip(h.workDir, 'mine.mp4', { seconds: 1 }));
    const other = await h.call('GET', `/v1/videos/${r.body.id}?ownerId=${randomUUID()}`);
    expect(other.status).toBe(404);
    expect(errorOf(other)).toMatchObject({ code: 'media.video_not_found' });
    expect((await h.call('GET', `/v1/videos/not-a-uuid?ownerId=${owner}`)).status).toBe(404);
    await h.waitForVideo(r.body.id, owner);
  });
});

describe('video pipeline failures end in media.video.failed with a reason', () => {
  it('fails a video whose transcode outgrows the output limit (-fs)', async () => {
    const h = await startHarness({ TRANSCODE_MAX_OUTPUT_BYTES: '4096' });
    try {
      const owner = randomUUID();
      const r = await h.upload(`/v1/videos?ownerId=${owner}`, await makeClip(h.workDir, 'big.mp4', { seconds: 2, width: 640, height: 480 }));
      expect(r.status).toBe(200);
      expect(await h.waitForVideo(r.body.id, owner)).toMatchObject({ status: 'failed', reason: 'output_too_large', playbackKey: null });
      const failed = await h.waitForEvent('media.video.failed', (p) => p.videoId === r.body.id);
      expect(failed.payload).toMatchObject({ ownerId: owner, reason: 'output_too_large' });
      // Only the original is kept; no partial output, no temporary files.
      expect(await h.leftovers()).toMatchObject({ objects: [`videos/${r.body.id}/original.mp4`], tmp: [] });
    } finally {
      await h.close();
    }
  });

  it('kills ffmpeg at the time limit and fails the video with `timeout`', async () => {
    const h = await startHarness({ TRANSCODE_TIMEOUT_SECONDS: '1', VIDEO_MAX_BYTES: String(40 * 1024 * 1024) });
    try {
      const owner = randomUUID();
      // 40 s of 720p: far more than a second of libx264 work on any machine.
      const clip = await makeClip(h.workDir, 'long.mp4', { seconds: 40, width: 1280, height: 720, audio: false, extra: ['-crf', '45'] });
      const r = await h.upload(`/v1/videos?ownerId=${owner}`, clip);
      expect(r.status).toBe(200);
      expect(await h.waitForVideo(r.body.id, owner)).toMatchObject({ status: 'failed', reason: 'timeout' });
      expect((await h.leftovers()).tmp).toEqual([]);
    } finally {
      await h.close();
    }
  }, 60_000);

  it('refuses a video over the configured side limit', async () => {
    const h = await startHarness({ VIDEO_MAX_SIDE: '256' });
    try {
      const r = await h.upload(`/v1/videos?ownerId=${randomUUID()}`, await makeClip(h.workDir, 'wide.mp4', { seconds: 1 }));
      expect(errorOf(r)).toMatchObject({ fields: { video: 'dimensions' }, params: { max: 256 } });
      expect(await h.leftovers()).toEqual({ objects: [], rows: emptyRows, tmp: [] });
    } finally {
      await h.close();
    }
  });
});
