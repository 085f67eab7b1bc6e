import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { sendResponse } from '../server.ts';

// sendResponse over a real socket: a page complete after its first burst goes out compressed in one
// write with its length; a page still rendering (deferred data) streams, each part as it comes.
let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

async function serve(respond: () => Response): Promise<string> {
  server = createServer((req, res) => void sendResponse(req, res, respond()).catch(() => undefined));
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
}

/** The raw answer: headers, and each body chunk with the time it arrived. */
function get(url: string, encoding: string): Promise<{ headers: IncomingHttpHeaders; chunks: { at: number; bytes: Buffer }[] }> {
  return new Promise((resolve, reject) => {
    request(url, { headers: { 'accept-encoding': encoding } }, (res) => {
      const chunks: { at: number; bytes: Buffer }[] = [];
      res.on('data', (bytes: Buffer) => chunks.push({ at: performance.now(), bytes }));
      res.on('end', () => resolve({ headers: res.headers, chunks }));
      res.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

const page = (n: number) => `<!DOCTYPE html><html><head><title>t</title></head><body>${'<p>Brokerwise 经纪商</p>'.repeat(n)}</body></html>`;
const html = (body: ReadableStream<Uint8Array>) => new Response(body, { headers: { 'Content-Type': 'text/html; charset=utf-8' } });

describe('sendResponse', () => {
  it('sends a page rendered in one burst compressed in one piece, with its length, for gzip and brotli', async () => {
    const text = page(2000);
    const url = await serve(() =>
      html(
        new ReadableStream({
          start(controller) {
            // Several chunks, as React writes them, all before the turn ends.
            for (let at = 0; at < text.length; at += 4096) controller.enqueue(Buffer.from(text.slice(at, at + 4096)));
            controller.close();
          },
        }),
      ),
    );
    for (const [encoding, inflate] of [
      ['gzip', gunzipSync],
      ['br', brotliDecompressSync],
    ] as const) {
      const { headers, chunks } = await get(url, encoding);
      const body = Buffer.concat(chunks.map((c) => c.bytes));
      expect(headers['content-encoding']).toBe(encoding);
      expect(headers['transfer-encoding']).toBeUndefined();
      expect(Number(headers['content-length'])).toBe(body.length);
      expect(inflate(body).toString()).toBe(text);
    }
    // A browser taking both gets the cheaper gzip for a page rendered for it (ADR 037).
    expect((await get(url, 'gzip, deflate, br, zstd')).headers['content-encoding']).toBe('gzip');
  });

  it('streams a page that is still rendering: the first part arrives before the rest is written', async () => {
    const head = page(10);
    let restWritten = 0;
    const url = await serve(() =>
      html(
        new ReadableStream({
          start(controller) {
            controller.enqueue(Buffer.from(head));
            setTimeout(() => {
              restWritten = performance.now();
              controller.enqueue(Buffer.from('<script>deferred()</script>'));
              controller.close();
            }, 300);
          },
        }),
      ),
    );
    const { headers, chunks } = await get(url, 'gzip');
    expect(headers['transfer-encoding']).toBe('chunked');
    expect(headers['content-length']).toBeUndefined();
    expect(chunks[0]!.at).toBeLessThan(restWritten);
    expect(gunzipSync(Buffer.concat(chunks.map((c) => c.bytes))).toString()).toBe(`${head}<script>deferred()</script>`);
  });

  it('stops reading a streaming page when the visitor leaves', async () => {
    let cancelled: (reason: unknown) => void;
    const cancel = new Promise((resolve) => (cancelled = resolve));
    const url = await serve(() =>
      html(
        new ReadableStream({
          start(controller) {
            controller.enqueue(Buffer.from(page(10)));
            // Never finishes on its own.
          },
          cancel: (reason) => cancelled(reason ?? 'cancelled'),
        }),
      ),
    );
    await new Promise<void>((resolve, reject) => {
      const req = request(url, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
        res.once('data', () => {
          req.destroy();
          resolve();
        });
      }).on('error', () => undefined);
      req.on('error', reject);
      req.end();
    });
    await expect(cancel).resolves.toBeDefined();
  });
});
