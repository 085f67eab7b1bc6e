/**
 * What goes into the images (ADR 021): the production image's build context (.dockerignore) leaves
 * demo/ out; the demo seed image (demo/Dockerfile, with its own ignore file) adds it to that image.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const patterns = (file: string) =>
  readFileSync(path.join(root, file), 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));

describe('images', () => {
  it('the production build context excludes demo/ and never lets any of it back in', () => {
    const lines = patterns('.dockerignore');
    expect(lines).toContain('demo');
    expect(lines.filter((l) => l.startsWith('!') && /(^|\/)demo/.test(l.slice(1)))).toEqual([]);
  });

  it('the demo seed image is the production image plus demo/, without its tests', () => {
    expect(patterns('demo/Dockerfile.dockerignore')).toEqual(['*', '!demo', 'demo/**/*.test.ts', 'demo/Dockerfile*']);
    const dockerfile = patterns('demo/Dockerfile');
    expect(dockerfile).toContain('FROM ${BASE_IMAGE}');
    expect(dockerfile).toContain('COPY demo ./demo');
  });
});
