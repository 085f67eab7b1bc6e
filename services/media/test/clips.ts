import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { mediaTools, runFfmpeg, runFfprobe } from '@brokerwise/ffmpeg';

/** ffmpeg as the service resolves it (PATH when newer, else the npm build): no system install needed. */
const ffmpeg = async (args: string[]) => runFfmpeg((await mediaTools()).ffmpeg.path, args, { timeoutMs: 120_000 });

export interface ClipOptions {
  seconds?: number;
  width?: number;
  height?: number;
  audio?: boolean;
  /** Index (moov) first; ffmpeg's default writes it last. */
  faststart?: boolean;
  /** Extra ffmpeg output options (e.g. `-crf 40`). */
  extra?: string[];
  /** `mp4` (default) or `mov`. */
  container?: 'mp4' | 'mov';
}

/** A test clip made with ffmpeg's lavfi sources (testsrc2 + sine), written to `dir`. */
export async function makeClip(dir: string, name: string, o: ClipOptions = {}): Promise<Buffer> {
  const seconds = o.seconds ?? 2;
  const file = path.join(dir, name);
  const args = ['-v', 'error', '-y', '-f', 'lavfi', '-i', `testsrc2=size=${o.width ?? 320}x${o.height ?? 240}:rate=25:duration=${seconds}`];
  if (o.audio !== false) args.push('-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`);
  args.push('-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p');
  if (o.audio !== false) args.push('-c:a', 'aac', '-shortest');
  if (o.faststart) args.push('-movflags', '+faststart');
  args.push(...(o.extra ?? []), '-f', o.container ?? 'mp4', file);
  await ffmpeg(args);
  return readFile(file);
}

/** An mp4 holding only a sine tone: a real ISO-BMFF file with no video stream. */
export async function makeAudioOnly(dir: string): Promise<Buffer> {
  const file = path.join(dir, 'audio-only.mp4');
  await ffmpeg(['-v', 'error', '-y', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=2', '-c:a', 'aac', '-f', 'mp4', file]);
  return readFile(file);
}

export const makePng = (width = 640, height = 480, color = '#2a6') =>
  sharp({ create: { width, height, channels: 3, background: color } }).png().toBuffer();

export const makeJpegWithExif = (width = 800, height = 600) =>
  sharp({ create: { width, height, channels: 3, background: '#345' } })
    .jpeg()
    .withExif({ IFD0: { Make: 'SpyCam', Model: 'GPS-9000', Copyright: 'secret' } })
    .toBuffer();

const crc32 = (buf: Buffer): number => {
  let c = ~0;
  for (const byte of buf) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
  }
  return ~c >>> 0;
};

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/**
 * A pixel flood: a few hundred bytes that claim to be a 60000 × 60000 PNG (3.6 gigapixels,
 * ~10 GB decoded). Its IDAT holds only the first rows; the header alone must get it refused.
 */
export function makePixelFloodPng(side = 60_000): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(side, 0);
  ihdr.writeUInt32BE(side, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  const rows = deflateSync(Buffer.alloc(4 * (1 + side * 3)));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', rows), chunk('IEND', Buffer.alloc(0))]);
}

/** Top-level ISO-BMFF boxes in order (`ftyp`, `moov`, `mdat`…): faststart puts moov before mdat. */
export function topLevelBoxes(mp4: Buffer): string[] {
  const boxes: string[] = [];
  let at = 0;
  while (at + 8 <= mp4.length) {
    let size = mp4.readUInt32BE(at);
    const type = mp4.toString('latin1', at + 4, at + 8);
    if (size === 1) size = Number(mp4.readBigUInt64BE(at + 8));
    if (size < 8) break;
    boxes.push(type);
    at += size;
  }
  return boxes;
}

export interface Probed {
  streams: { codec_type: string; codec_name: string; width?: number; height?: number; pix_fmt?: string }[];
  format: { format_name: string; duration: string };
}

/** ffprobe's JSON of a buffer written to `dir`. */
export async function ffprobeJson(dir: string, name: string, bytes: Buffer): Promise<Probed> {
  const file = path.join(dir, name);
  const { writeFile } = await import('node:fs/promises');
  await writeFile(file, bytes);
  return (await runFfprobe((await mediaTools()).ffprobe.path, file)) as unknown as Probed;
}
