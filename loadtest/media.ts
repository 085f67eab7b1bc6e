/**
 * Upload-to-playable: how long a creator waits between sending a ~10 MB mp4 and a playable
 * video (upload streamed through the gateway, checks, the worker's transcode to HLS 360p + 720p,
 * poster), the transcode time as a multiple of the clip's length, and how fast a player gets
 * going (master playlist → rendition playlist → init + first segment). Used by bench.ts against
 * a running stack (`npm run bench -- --video` for this part alone); prints figures, asserts nothing.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { signatureHeaders } from '@brokerwise/api-signature';
import { mediaTools, runFfmpeg } from '@brokerwise/ffmpeg';
const LIMIT = 10 * 1024 * 1024;

export interface UploadTiming {
  bytes: number;
  seconds: number;
  sourceSize: string;
  uploadMs: number;
  processingMs: number;
  totalMs: number;
  /** Master playlist, the best rendition's playlist, its init segment and first segment, in turn. */
  firstSegmentMs: number;
  renditions: string[];
  /** Progress values the status showed while processing (polled every 200 ms). */
  progressSeen: number[];
}

/** A clip just under the 10 MB limit: 720p test pattern with noise (hard to compress), a tone, a fixed bit rate. */
async function makeClip(dir: string, seconds: number): Promise<Buffer> {
  const ffmpeg = (await mediaTools()).ffmpeg.path;
  for (let kbps = 3_600; kbps > 500; kbps -= 300) {
    const file = path.join(dir, `clip-${kbps}.mp4`);
    await runFfmpeg(ffmpeg, [
      '-v', 'error', '-y',
      '-f', 'lavfi', '-i', `testsrc2=size=1280x720:rate=30:duration=${seconds}`,
      '-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`,
      '-vf', 'noise=alls=25:allf=t',
      '-c:v', 'libx264', '-preset', 'veryfast', '-b:v', `${kbps}k`, '-maxrate', `${kbps}k`, '-bufsize', `${2 * kbps}k`, '-pix_fmt', 'yuv420p',
      '-c:a', 'aac', '-b:a', '128k', '-shortest', file,
    ]);
    const bytes = await readFile(file);
    if (bytes.length < LIMIT) return bytes;
  }
  throw new Error('could not make a clip under 10 MB');
}

export async function uploadToPlayable(baseUrl: string, salt: string, admin: { email: string; password: string }): Promise<UploadTiming> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bw-bench-media-'));
  try {
    const seconds = 20;
    const clip = await makeClip(dir, seconds);
    const headers = async () => ({ ...(await signatureHeaders(salt)), lang: 'en' });
    const login = await fetch(`${baseUrl}/api/user/checkIn`, {
      method: 'POST',
      headers: { ...(await headers()), 'content-type': 'application/json' },
      body: JSON.stringify({ tab: 'login', email: admin.email, password: admin.password }),
    });
    const token = ((await login.json()) as { data: { userInfo?: { token: string } } }).data.userInfo?.token;
    if (!token) throw new Error('bench sign-in failed');

    const t0 = performance.now();
    const up = await fetch(`${baseUrl}/api/upload/video`, { method: 'POST', headers: { ...(await headers()), token, 'content-type': 'video/mp4' }, body: new Uint8Array(clip) });
    const uploaded = (await up.json()) as { code: number; msg: string; data: { id: string } };
    if (uploaded.code !== 1) throw new Error(`upload refused: ${uploaded.msg}`);
    const t1 = performance.now();
    let url: string | null = null;
    const progressSeen: number[] = [];
    for (;;) {
      const s = (await (await fetch(`${baseUrl}/api/upload/video/status?id=${uploaded.data.id}`, { headers: { ...(await headers()), token } })).json()) as {
        data: { status: string; url: string | null; reason: string | null; progress: number };
      };
      if (progressSeen.at(-1) !== s.data.progress) progressSeen.push(s.data.progress);
      if (s.data.status === 'ready') {
        url = s.data.url;
        break;
      }
      if (s.data.status === 'failed') throw new Error(`transcode failed: ${s.data.reason}`);
      if (performance.now() - t0 > 600_000) throw new Error('video not ready after 10 minutes');
      await new Promise((r) => setTimeout(r, 200));
    }
    const t2 = performance.now();
    // What a player does first: the master, the best rendition's playlist, its init and first segment.
    const get = async (u: URL) => {
      const r = await fetch(u);
      if (!r.ok) throw new Error(`${u.pathname}: ${r.status}`);
      return r;
    };
    const masterUrl = new URL(url!, baseUrl);
    const master = await (await get(masterUrl)).text();
    const renditions = [...master.matchAll(/RESOLUTION=(\d+x\d+)/g)].map((m) => m[1]!);
    const listUrl = new URL(/\n([^#\n]+\.m3u8)/.exec(master)![1]!, masterUrl);
    const list = await (await get(listUrl)).text();
    await (await get(new URL(/URI="([^"]+)"/.exec(list)![1]!, listUrl))).arrayBuffer();
    await (await get(new URL(/\n([^#\n]+\.m4s)/.exec(list)![1]!, listUrl))).arrayBuffer();
    const t3 = performance.now();
    return {
      bytes: clip.length,
      seconds,
      sourceSize: '1280x720 30 fps',
      uploadMs: t1 - t0,
      processingMs: t2 - t1,
      totalMs: t2 - t0,
      firstSegmentMs: t3 - t2,
      renditions,
      progressSeen,
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export function printUploadTiming(t: UploadTiming): void {
  console.log(`\nUpload to playable: ${(t.bytes / 1_048_576).toFixed(1)} MB, ${t.seconds} s of ${t.sourceSize} → HLS ${t.renditions.join(' + ')} H.264/AAC`);
  console.log(`  upload + content checks   ${(t.uploadMs / 1000).toFixed(2)} s`);
  console.log(`  transcode + poster        ${(t.processingMs / 1000).toFixed(2)} s (status polled every 200 ms)`);
  console.log(`  transcode multiple        ${(t.processingMs / 1000 / t.seconds).toFixed(2)} × the clip's duration (< 1: faster than real time)`);
  console.log(`  upload to playable        ${(t.totalMs / 1000).toFixed(2)} s`);
  console.log(`  playlists + first segment ${t.firstSegmentMs.toFixed(0)} ms`);
  const p = t.progressSeen;
  const shown = p.length <= 12 ? p : [...p.filter((_, i) => i % Math.ceil(p.length / 10) === 0), p.at(-1)!];
  console.log(`  progress shown            ${p.length} distinct values: ${shown.join(' → ')} %`);
}
