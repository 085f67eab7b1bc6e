import { randomBytes } from 'node:crypto';
import { gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { inlineStylesheets } from '../app/lib/inline-css.server';
import { gzipPage, inlinedStyles, PageGzip } from '../page-gzip';

// Stylesheets of realistic size, with repeats inside (CSS compresses well) and some noise.
const css = (seed: string) => Array.from({ length: 900 }, (_, i) => `.${seed}-${i % 97}{margin:${i}px;color:#${(i * 2654435761 % 0xffffff).toString(16)}}`).join('');
const sheets: Record<string, string> = { '/assets/root-abc.css': css('r'), '/assets/home-x.css': css('h') };
const head = (nonce: string) =>
  inlineStylesheets(
    `<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/><title>Brokerwise ${nonce}</title><link nonce="${nonce}" rel="stylesheet" href="/assets/root-abc.css"/><link nonce="${nonce}" rel="stylesheet" href="/assets/home-x.css"/><script nonce="${nonce}">1</script>`,
    (href) => sheets[href],
  ) + '</head>';
const body = (n: number) => `<body>${Array.from({ length: n }, (_, i) => `<div class="r-${i % 97}">Company ${i} 公司 ${randomBytes(4).toString('hex')}</div>`).join('')}</body></html>`;

async function compress(chunks: string[], flushAfter = false): Promise<Buffer> {
  const gz = new PageGzip();
  const out: Buffer[] = [];
  gz.on('data', (b: Buffer) => out.push(b));
  const ended = new Promise((resolve, reject) => gz.on('end', resolve).on('error', reject));
  for (const c of chunks) {
    gz.write(Buffer.from(c));
    if (flushAfter) await new Promise<void>((resolve) => gz.flush(resolve));
  }
  gz.end();
  await ended;
  return Buffer.concat(out);
}

describe('page gzip', () => {
  it('finds the inlined <style> elements of the head, adjacent ones as one range', () => {
    const page = Buffer.from(head('n1'));
    const found = inlinedStyles(page);
    expect(found.map(([start, end]) => page.subarray(start, end).toString())).toEqual([
      `<style data-href="/assets/root-abc.css">${sheets['/assets/root-abc.css']}</style><style data-href="/assets/home-x.css">${sheets['/assets/home-x.css']}</style>`,
    ]);
    const apart = Buffer.from('<style data-href="/a.css">a{}</style><link nonce="1"/><style data-href="/b.css">b{}</style>');
    expect(inlinedStyles(apart)).toEqual([
      [0, 37],
      [54, apart.length],
    ]);
    expect(inlinedStyles(Buffer.from('<head><title>x</title></head>'))).toEqual([]);
  });

  it('inflates to the exact page, streamed in chunks with flushes, in two languages, the run compressed once', async () => {
    for (const nonce of ['first', 'second']) {
      const chunks = [head(nonce), body(300), body(10), '<script>window.x=1</script>'];
      const page = chunks.join('');
      for (const flushAfter of [false, true]) {
        const zipped = await compress(chunks, flushAfter);
        expect(gunzipSync(zipped).toString()).toBe(page);
        // Still compressed like a plain gzip of the page (within a few per cent).
        expect(zipped.length).toBeLessThan(gzipSync(page, { level: 6 }).length * 1.1);
      }
    }
  });

  it('inflates a page whose stylesheets are apart (bytes between them)', async () => {
    const page = `<head><style data-href="/assets/root-abc.css">${sheets['/assets/root-abc.css']}</style><link nonce="a"/><style data-href="/assets/home-x.css">${sheets['/assets/home-x.css']}</style></head>${body(20)}`;
    expect(gunzipSync(await compress([page])).toString()).toBe(page);
  });

  it('compresses a page without inlined stylesheets as plain gzip', async () => {
    const page = `<head></head>${body(50)}`;
    expect(gunzipSync(await compress([page.slice(0, 100), page.slice(100)], true)).toString()).toBe(page);
    expect(gunzipSync(await compress([])).toString()).toBe('');
  });

  it('compresses a whole page at once to the same document, its stylesheets spliced as when streamed', async () => {
    for (const nonce of ['one', 'two']) {
      const page = head(nonce) + body(300);
      const once = gzipPage(Buffer.from(page));
      expect(gunzipSync(once).toString()).toBe(page);
      // The same compressed stylesheet run as the streamed path (compressed once, level 9).
      expect(Math.abs(once.length - (await compress([page])).length)).toBeLessThan(64);
      expect(once.length).toBeLessThan(gzipSync(page, { level: 6 }).length * 1.1);
    }
    const apart = `<head><style data-href="/assets/root-abc.css">${sheets['/assets/root-abc.css']}</style><link nonce="a"/><style data-href="/assets/home-x.css">${sheets['/assets/home-x.css']}</style></head>${body(20)}`;
    expect(gunzipSync(gzipPage(Buffer.from(apart))).toString()).toBe(apart);
    for (const plain of ['', `<head></head>${body(50)}`, 'no head at all']) expect(gunzipSync(gzipPage(Buffer.from(plain))).toString()).toBe(plain);
    // Only the head's stylesheets are spliced: the same text in the body is the page's own.
    const inBody = `<head></head><body><style data-href="/x.css">b{}</style></body>`;
    expect(gunzipSync(gzipPage(Buffer.from(inBody))).toString()).toBe(inBody);
  });
});
