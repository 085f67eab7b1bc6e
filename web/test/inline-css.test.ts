import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, describe, expect, it } from 'vitest';
import { builtStylesheets, inlineStylesheets, inlineStylesheetsStream } from '../app/lib/inline-css.server';

const css: Record<string, string> = { '/assets/root-abc.css': 'body{margin:0}', '/assets/intl-x.css': '.a{color:red}', '/assets/odd-1.css': 'a::after{content:"</style>"}' };
const read = (href: string) => css[href];

describe('inlined stylesheets', () => {
  it('puts each built stylesheet in a <style> and keeps its link, of a type the browser neither fetches nor applies', () => {
    const head = '<head><meta charSet="utf-8"/><link nonce="n" rel="stylesheet" href="/assets/root-abc.css"/><link rel="icon" href="/favicon.svg"/>';
    expect(inlineStylesheets(head, read)).toBe(
      '<head><meta charSet="utf-8"/><style data-href="/assets/root-abc.css">body{margin:0}</style><link nonce="n" rel="stylesheet" href="/assets/root-abc.css" type="text/x-inlined-css"/><link rel="icon" href="/favicon.svg"/>',
    );
  });

  it('puts the <style>s of adjacent links together before them, and keeps the cascade around other links', () => {
    const head = '<link rel="stylesheet" href="/assets/root-abc.css"/><link rel="stylesheet" href="/assets/intl-x.css"/><link rel="stylesheet" href="https://cdn.example/x.css"/><link rel="stylesheet" href="/assets/odd-1.css"/>';
    expect(inlineStylesheets(head, read)).toBe(
      '<style data-href="/assets/root-abc.css">body{margin:0}</style><style data-href="/assets/intl-x.css">.a{color:red}</style>' +
        '<link rel="stylesheet" href="/assets/root-abc.css" type="text/x-inlined-css"/><link rel="stylesheet" href="/assets/intl-x.css" type="text/x-inlined-css"/>' +
        '<link rel="stylesheet" href="https://cdn.example/x.css"/>' +
        '<style data-href="/assets/odd-1.css">a::after{content:"<\\/style>"}</style><link rel="stylesheet" href="/assets/odd-1.css" type="text/x-inlined-css"/>',
    );
  });

  it('reads an address with a trailing # (a CSS import Vite marks) as its file', () => {
    expect(inlineStylesheets('<link rel="stylesheet" href="/assets/intl-x.css#"/>', read)).toContain('<style data-href="/assets/intl-x.css">.a{color:red}</style>');
  });

  it('leaves unknown, foreign and development stylesheets linked', () => {
    for (const link of ['<link rel="stylesheet" href="/assets/missing.css"/>', '<link rel="stylesheet" href="https://cdn.example/x.css"/>', '<link rel="stylesheet" href="/app/app.css?t=1"/>']) {
      expect(inlineStylesheets(link, read)).toBe(link);
    }
  });

  it('never lets the CSS end its <style> early', () => {
    expect(inlineStylesheets('<link rel="stylesheet" href="/assets/odd-1.css"/>', read)).toContain('content:"<\\/style>"');
  });

  it('rewrites only the head of a streamed page, whatever the chunks, and keeps split characters whole', async () => {
    const page = Buffer.from('<!DOCTYPE html><html><head><link rel="stylesheet" href="/assets/root-abc.css"/></head><body><link rel="stylesheet" href="/assets/root-abc.css"/>经纪商</body></html>');
    // One byte per chunk: the </head> marker and each three-byte character arrive in pieces.
    const chunks = [...page].map((byte) => Buffer.from([byte]));
    const out = await text(Readable.from(chunks).pipe(inlineStylesheetsStream(read)));
    expect(out).toBe(
      '<!DOCTYPE html><html><head><style data-href="/assets/root-abc.css">body{margin:0}</style><link rel="stylesheet" href="/assets/root-abc.css" type="text/x-inlined-css"/></head><body><link rel="stylesheet" href="/assets/root-abc.css"/>经纪商</body></html>',
    );
  });

  describe('from the client build', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'bw-inline-css-'));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it('reads a built file once and answers nothing for one that is missing', () => {
      mkdirSync(path.join(dir, 'assets'));
      writeFileSync(path.join(dir, 'assets/root-abc.css'), 'body{margin:0}');
      const built = builtStylesheets(dir);
      expect(built('/assets/root-abc.css')).toBe('body{margin:0}');
      // Cached: a file changed after the first read (it never is: names carry a hash) keeps its content.
      writeFileSync(path.join(dir, 'assets/root-abc.css'), 'changed');
      expect(built('/assets/root-abc.css')).toBe('body{margin:0}');
      expect(built('/assets/none.css')).toBeUndefined();
    });
  });
});
